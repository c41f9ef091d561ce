import { postPath } from '@blog/shared/addresses';
import type { AdminPost } from '@blog/shared';
import { Button, Card, Field, Heading, HStack, Input, Link, Stack, Switch, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { ExternalLink } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { scheduledLabel, warsawLocalToIso } from '../../../lib/warsaw-time.ts';
import { type KeptAt, KeptNote } from './post-autosave.tsx';
import { PostCategoriesField } from './post-categories-field.tsx';
import { PostPreviewLinks } from './post-preview-links.tsx';
import { PostSaveButtons } from './post-save-buttons.tsx';
import { PostTagsField } from './post-tags-field.tsx';

/** „Zaplanuj publikację” next to the switch: a Warsaw date and time; the post stays a draft until then. */
function ScheduleField() {
  const [field, meta, helpers] = useField<string>('scheduledAt');
  const iso = field.value ? warsawLocalToIso(field.value) : null;
  return (
    <Field.Root invalid={Boolean(meta.error)}>
      <Field.Label>Zaplanuj publikację</Field.Label>
      <HStack gap="2" width="full">
        <Input
          type="datetime-local"
          name="scheduledAt"
          value={field.value}
          onChange={(event) => void helpers.setValue(event.target.value)}
          size="sm"
        />
        {field.value && (
          <Button type="button" size="sm" variant="ghost" onClick={() => void helpers.setValue('')}>
            Usuń termin
          </Button>
        )}
      </HStack>
      {iso && !meta.error && (
        <Field.HelperText>
          {scheduledLabel(iso)} (czas polski). Do tej chwili post pozostanie szkicem.
        </Field.HelperText>
      )}
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}

function PublishedSwitch() {
  const [field, , helpers] = useField<boolean>('published');
  return (
    <Switch.Root
      checked={field.value}
      onCheckedChange={(details) => void helpers.setValue(details.checked)}
      colorPalette="brand"
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>Opublikowany</Switch.Label>
    </Switch.Root>
  );
}

export interface PostEditorSideColumnProps {
  /** The stored post when editing; undefined for a new one. */
  post?: AdminPost;
  submitLabel: string;
  /** When this browser last kept a draft of the form (autosave), shown under the buttons. */
  kept: KeptAt;
  /** Shown at the end of the column (the edit screen's „Historia zmian”). */
  aside?: ReactNode;
}

/**
 * The post editor's side column: publishing (switch, schedule, save, the kept-draft note,
 * „Zobacz post”), categories, tags, the draft's preview links and the page's `aside`. Sticky beside the
 * article on a wide screen; on a phone it comes after it.
 */
export const PostEditorSideColumn = memo(function PostEditorSideColumn({
  post,
  submitLabel,
  kept,
  aside,
}: PostEditorSideColumnProps) {
  return (
    <Stack gap="4" position={{ lg: 'sticky' }} top={{ lg: '4' }} minW="0">
      <Card.Root size="sm">
        <Card.Header>
          <Heading as="h2" size="sm">
            Ustawienia publikacji
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <PublishedSwitch />
            <ScheduleField />
            <HStack gap="2">
              <PostSaveButtons submitLabel={submitLabel} title="Ctrl+S" />
            </HStack>
            <Text fontSize="xs" color="fg.muted" aria-live="polite" minH="4">
              <KeptNote kept={kept} />
            </Text>
            {post?.published && (
              <Link href={postPath(post.slug)} target="_blank" rel="noopener noreferrer" color="brand.fg">
                <ExternalLink size={16} aria-hidden="true" />
                Zobacz post
              </Link>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root size="sm">
        <Card.Body>
          <PostCategoriesField />
        </Card.Body>
      </Card.Root>
      <Card.Root size="sm">
        <Card.Header>
          <Heading as="h2" size="sm">
            Tagi
          </Heading>
        </Card.Header>
        <Card.Body>
          <PostTagsField />
        </Card.Body>
      </Card.Root>
      {post && !post.published ? (
        <PostPreviewLinks post={post} />
      ) : !post ? (
        <Text fontSize="sm" color="fg.muted">
          Podgląd posta będzie dostępny po zapisaniu.
        </Text>
      ) : null}
      {aside}
    </Stack>
  );
});
