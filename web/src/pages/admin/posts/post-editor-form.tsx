import { ADMIN_PAGES, postPath } from '@blog/shared/addresses';
import type { AdminPost, PostInput } from '@blog/shared';
import { Box, Field, Grid, HStack, Input, Stack, Textarea } from '@chakra-ui/react';
import { Form, Formik, useField, useFormikContext } from 'formik';
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { type FormFieldsOf, serverFieldError, serverFields } from '../../../api/field-error.ts';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';
import { ApiError } from '../../../api/api-error.ts';
import { showError } from '../../../lib/toast.ts';
import { DraftRecoveryOffer, KeptAt, PostAutosave } from './post-autosave.tsx';
import { PostBody } from './post-body.ts';
import { browserStorage, clearDraft, draftKey, type PostDraft, readDraft, writeDraft } from './post-draft.ts';
import { isVersionConflict } from './post-conflict.ts';
import { type PostConflict, PostConflictDialog } from './post-conflict-dialog.tsx';
import { ContentField } from './post-content-field.tsx';
import { PostEditorSideColumn } from './post-editor-side-column.tsx';
import { PostImageField } from './post-image-field.tsx';
import { PostSaveButtons } from './post-save-buttons.tsx';
import { PostSeoPanel } from './post-seo-panel.tsx';
import { postSchema, slugAfterTitleChange, typedSlug, type PostEditorValues } from './post.form.ts';

const NETWORK_SAVE_FAILED =
  'Nie udało się zapisać posta: brak połączenia z serwerem. Twoje zmiany zostały w formularzu i w tej przeglądarce — spróbuj ponownie, gdy połączenie wróci.';

// Every field of the contract's PostInput the form shows (`version` is not one: a conflict has its dialog).
const SERVER_FIELDS = serverFields<FormFieldsOf<PostInput, PostEditorValues>>({
  title: true,
  slug: true,
  content: true,
  excerpt: true,
  published: true,
  imageUrl: true,
  imageAlt: true,
  categories: true,
  tags: true,
  scheduledAt: true,
  metaTitle: true,
  metaDescription: true,
  socialImageUrl: true,
});

export interface PostEditorFormProps {
  initialValues: PostEditorValues;
  /** The stored post when editing (for „Zobacz post”); undefined for a new one. */
  post?: AdminPost;
  /**
   * This is a newer version than the one the page opened (a restored revision, the server's copy):
   * its body replaces the shared body live, which may still hold the older text.
   */
  replaceSharedBody?: boolean;
  submitLabel: string;
  /**
   * Saves; resolves when done (the form then leaves for /admin/posts), throws the API error otherwise.
   * `version` overrides the version the post was loaded at („Nadpisz” after a conflict).
   */
  onSave: (values: PostEditorValues, image: File | null, version?: number) => Promise<void>;
  /** Fetches the stored copy after a conflict (edit only). */
  loadServerCopy?: () => Promise<AdminPost>;
  /** Shown at the end of the side column (the edit screen's „Historia zmian”). */
  aside?: ReactNode;
  /** „Wczytaj nową wersję”: the page shows the server's copy, keeping the person's text beside it. */
  onLoadServerCopy?: (server: AdminPost, mine: PostEditorValues) => void;
  /** Shows the failure (toast); field errors from the server are also put under their field. */
  onSaveError: (error: unknown) => void;
}

function TitleAndSlugFields() {
  const { values, setFieldValue, setFieldTouched, errors, touched } = useFormikContext<PostEditorValues>();
  return (
    <>
      <Field.Root invalid={Boolean(touched.title && errors.title)} required>
        <Field.Label>Tytuł</Field.Label>
        <Input
          name="title"
          value={values.title}
          onChange={(event) => {
            const title = event.target.value;
            void setFieldValue('title', title);
            void setFieldValue('slug', slugAfterTitleChange(title, values.slug, values.title), false);
          }}
          onBlur={() => void setFieldTouched('title')}
          placeholder="Tytuł posta"
        />
        <Field.ErrorText>{errors.title}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(touched.slug && errors.slug)} required>
        <Field.Label>Slug</Field.Label>
        <Input
          name="slug"
          value={values.slug}
          onChange={(event) => void setFieldValue('slug', typedSlug(event.target.value))}
          onBlur={() => void setFieldTouched('slug')}
          placeholder="adres-posta"
          autoComplete="off"
        />
        {!(touched.slug && errors.slug) && (
          <Field.HelperText>Adres posta: {postPath(values.slug || 'adres-posta')}</Field.HelperText>
        )}
        <Field.ErrorText>{errors.slug}</Field.ErrorText>
      </Field.Root>
    </>
  );
}

function ExcerptField() {
  const [field, meta] = useField<string>('excerpt');
  return (
    <Field.Root invalid={Boolean(meta.touched && meta.error)}>
      <Field.Label>Zajawka</Field.Label>
      <Textarea {...field} rows={3} placeholder="Krótkie streszczenie widoczne na liście artykułów" />
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}

/** Puts the editor's pending HTML into the form's values now (synchronously), before a save reads them. */
function useTakeBody(body: PostBody) {
  const { setFieldValue } = useFormikContext<PostEditorValues>();
  return useCallback(() => {
    const html = body.read();
    if (html === null || !body.pending()) return;
    body.markTaken();
    flushSync(() => void setFieldValue('content', html, false));
  }, [body, setFieldValue]);
}

/** Ctrl+S / Cmd+S anywhere on the screen is the save button (and never the browser's „save page”). */
function SaveShortcut({ body }: { body: PostBody }) {
  const { submitForm, isSubmitting } = useFormikContext<PostEditorValues>();
  const takeBody = useTakeBody(body);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (isSubmitting) return;
      takeBody();
      void submitForm();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [submitForm, isSubmitting, takeBody]);
  return null;
}

/** The post's <form>: a submit (button, Enter) first takes the editor's latest HTML. */
function PostForm({ body, children }: { body: PostBody; children: ReactNode }) {
  const { handleSubmit } = useFormikContext<PostEditorValues>();
  const takeBody = useTakeBody(body);
  return (
    <Form
      noValidate
      aria-label="Edytor posta"
      onSubmit={(event) => {
        takeBody();
        handleSubmit(event);
      }}
    >
      {children}
    </Form>
  );
}

/** „Niezapisane zmiany”: the form differs from what was loaded, or the editor has changes not taken yet. */
function PostUnsavedGuard({
  body,
  imageChosen,
  overwriting,
  saved,
  onLeave,
}: {
  body: PostBody;
  imageChosen: boolean;
  overwriting: boolean;
  saved: RefObject<boolean>;
  onLeave: () => void;
}) {
  const { dirty, isSubmitting } = useFormikContext<PostEditorValues>();
  const bodyPending = useSyncExternalStore(body.subscribe, body.pending);
  return (
    <UnsavedChangesGuard
      when={(dirty || bodyPending || imageChosen) && !isSubmitting && !overwriting}
      released={saved}
      onLeave={onLeave}
    />
  );
}

/** New and edit post: main column with the fields, side column with publishing, categories, tags. */
export function PostEditorForm({
  initialValues,
  post,
  replaceSharedBody = false,
  submitLabel,
  onSave,
  onSaveError,
  loadServerCopy,
  onLoadServerCopy,
  aside,
}: PostEditorFormProps) {
  const navigate = useNavigate();
  const [image, setImage] = useState<File | null>(null);
  const [conflict, setConflict] = useState<PostConflict | null>(null);
  const [overwriting, setOverwriting] = useState(false);
  const saved = useRef(false);
  const storageKey = draftKey(post?.id);
  // A draft this browser kept of an unsaved edit, offered once when the form opens.
  const [offer, setOffer] = useState<PostDraft | null>(() => {
    const draft = readDraft(browserStorage(), storageKey);
    return draft && JSON.stringify(draft.values) !== JSON.stringify(initialValues) ? draft : null;
  });
  // The version the edit stands on: the loaded post's, or the restored draft's (a stale one gets a 409).
  const [baseVersion, setBaseVersion] = useState(post?.version);
  // A restored draft replaces the rich-text field's content: the field starts again.
  const [contentGeneration, setContentGeneration] = useState(0);
  const [kept] = useState(() => new KeptAt());
  const [body] = useState(() => new PostBody());
  const forgetDraft = useCallback(() => {
    saved.current = true;
    clearDraft(browserStorage(), storageKey);
  }, [storageKey]);

  const leave = () => {
    // Saved: the guard must let this navigation through, and the kept draft has served.
    saved.current = true;
    clearDraft(browserStorage(), storageKey);
    void navigate(ADMIN_PAGES.posts);
  };

  const overwrite = async (current: PostConflict) => {
    setOverwriting(true);
    try {
      await onSave(current.mine, image, current.server.version);
      setConflict(null);
      leave();
    } catch (error) {
      if (isVersionConflict(error) && loadServerCopy) {
        // Saved once more meanwhile: show the newest copy, the person decides again.
        setConflict({ ...current, server: await loadServerCopy() });
      } else {
        setConflict(null);
        onSaveError(error);
      }
    } finally {
      setOverwriting(false);
    }
  };

  return (
    <Formik<PostEditorValues>
      initialValues={initialValues}
      validationSchema={postSchema}
      onSubmit={async (values, helpers) => {
        try {
          await onSave(values, image, baseVersion);
          leave();
        } catch (error) {
          if (error instanceof ApiError && error.status === 0) {
            // No answer: the form stays as it is, and this browser keeps it for later.
            writeDraft(browserStorage(), storageKey, { values, savedAt: Date.now(), baseVersion });
            showError('Brak połączenia', NETWORK_SAVE_FAILED);
            return;
          }
          if (post && loadServerCopy && isVersionConflict(error)) {
            try {
              setConflict({ base: post, server: await loadServerCopy(), mine: values });
              return;
            } catch {
              // The copy could not be fetched: the toast below still says what happened.
            }
          }
          const fieldError = serverFieldError(error, SERVER_FIELDS);
          if (fieldError) helpers.setFieldError(fieldError.field, fieldError.message);
          onSaveError(error);
        }
      }}
    >
      {({ isSubmitting, setValues }) => (
        <PostForm body={body}>
          <SaveShortcut body={body} />
          <PostAutosave
            storageKey={storageKey}
            baseVersion={baseVersion}
            paused={offer !== null}
            saved={saved}
            body={body}
            kept={kept}
          />
          {offer && (
            <Box mb="6">
              <DraftRecoveryOffer
                draft={offer}
                onRestore={() => {
                  void setValues(offer.values);
                  setBaseVersion(offer.baseVersion ?? post?.version);
                  setContentGeneration((generation) => generation + 1);
                  setOffer(null);
                }}
                onDiscard={() => {
                  clearDraft(browserStorage(), storageKey);
                  setOffer(null);
                }}
              />
            </Box>
          )}
          <PostUnsavedGuard
            body={body}
            imageChosen={image !== null}
            overwriting={overwriting}
            saved={saved}
            onLeave={forgetDraft}
          />
          {conflict && (
            <PostConflictDialog
              conflict={conflict}
              busy={overwriting}
              onOverwrite={() => void overwrite(conflict)}
              onLoadServer={() => {
                // Not a navigation away: the page swaps the form for the server's copy.
                setConflict(null);
                onLoadServerCopy?.(conflict.server, conflict.mine);
              }}
              onClose={() => setConflict(null)}
            />
          )}
          {/* minmax(0, …): a long word (a title, a slug) must never make a column wider than a phone's screen. */}
          <Grid
            templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 20rem' }}
            gap="6"
            alignItems="start"
          >
            <Stack gap="5">
              <TitleAndSlugFields />
              <PostImageField file={image} onFileChange={setImage} />
              <ExcerptField />
              <ContentField
                key={contentGeneration}
                disabled={isSubmitting}
                body={body}
                postId={post?.id}
                replacing={contentGeneration > 0 || replaceSharedBody}
              />
              <PostSeoPanel />
            </Stack>

            <PostEditorSideColumn post={post} submitLabel={submitLabel} kept={kept} aside={aside} />
          </Grid>
          {/* On a phone the side column comes after the whole article: Save stays at hand at the bottom. */}
          <HStack
            display={{ base: 'flex', lg: 'none' }}
            position="sticky"
            bottom="0"
            zIndex="docked"
            gap="2"
            mt="4"
            mx={{ base: '-4', md: '-6' }}
            px={{ base: '4', md: '6' }}
            py="3"
            bg="bg.panel"
            borderTopWidth="1px"
            borderColor="border.muted"
          >
            <PostSaveButtons submitLabel={submitLabel} />
          </HStack>
        </PostForm>
      )}
    </Formik>
  );
}
