import { Box, Skeleton } from '@chakra-ui/react';
import { can } from '@blog/shared/policy';
import { imageFileProblem } from '@blog/shared/rules';
import { createDocument, getHTMLFromFragment, getSchema } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { EditorContent, useEditor } from '@tiptap/react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '../../../api/session.ts';
import { Prose } from '../../../components/prose.tsx';
import { showError } from '../../../lib/toast.ts';
import type { ButtonCardAttributes } from './cards/button-card.ts';
import { ButtonDialog } from './cards/button-dialog.tsx';
import { TableToolbar } from './cards/table-toolbar.tsx';
import { CollabPresence } from './collab-presence.tsx';
import { useEditingMode } from './collab-mode.ts';
import type { CollabSession } from './collab-session.ts';
import { editorExtensions } from './editor-extensions.ts';
import { EditorToolbar, type ToolbarActions } from './editor-toolbar.tsx';
import { useGalleryFilling } from './gallery-filling.tsx';
import { editorViewStyles } from './editor-view-styles.ts';
import { EmbedDialog } from './cards/embed-dialog.tsx';
import {
  describedImage,
  type FigureImageAttributes,
  type ImageDescription,
  imageFileOf,
} from './figure-image.ts';
import { ImageDialog } from './image-dialog.tsx';
import { LinkPopover, type LinkPopoverPosition } from './link-popover.tsx';
import type { SlashMenuState } from './slash-command.ts';
import { SlashMenu } from './slash-menu.tsx';
import { WordCount } from './word-count.tsx';

export interface RichTextEditorProps {
  /** HTML shown when the editor starts; later changes of the prop are not pushed into the editor. */
  initialHtml: string;
  /**
   * Called on every change of the document with a reader of its HTML ('' when the document is empty,
   * so „required” rules apply). Serialising a long post costs milliseconds: the post form reads it
   * after a pause in typing (through `onReader`), a short field may read it on every change.
   */
  onChange: (html: () => string) => void;
  /** Receives the reader of the current HTML ('' for an empty document, null once destroyed), and null when the editor goes. */
  onReader?: (reader: (() => string | null) | null) => void;
  onBlur?: () => void;
  /** id of the visible label, which names the editing area. */
  labelId: string;
  /** id of the error or help text under the field. */
  describedById?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Edit this post's body live together with whoever else opens it (an existing post only). */
  collabPostId?: number;
  /**
   * Shared: `initialHtml` replaces the shared body (a restored draft or revision, the server's copy),
   * instead of the body shown.
   */
  replaceSharedContent?: boolean;
}

/**
 * The post body editor, TipTap 3. Loaded lazily by the post form, so neither
 * the reader's download nor the admin shell carries it. Its typography is the article's (Prose), so what
 * the editor shows is what readers get. Images go through the upload pipeline (button, paste, drop) with
 * a required alternative text; links through a popover (Ctrl+K).
 *
 * With `collabPostId` the body is the post's shared document (Yjs, live with the others in the post),
 * or the writer edits alone from `initialHtml` (collab-mode.ts decides which, once).
 */
export const RichTextEditor = memo(function RichTextEditor(props: RichTextEditorProps) {
  const { initialHtml } = props;
  // A new shared document is filled from the stored body as this editor would read it.
  const [body] = useState(() => () => createDocument(initialHtml, getSchema(editorExtensions())));
  const [parse] = useState(() => (html: string) => createDocument(html, getSchema(editorExtensions())));
  const { mode, session, me } = useEditingMode(props.collabPostId, body, parse);

  // Until the shared document is known filled, or alone is decided, nothing can be typed.
  if (mode === 'waiting') {
    return (
      <Skeleton height="350px" borderRadius="l2" role="status" aria-label="Łączenie z edycją na żywo..." />
    );
  }
  return <EditorBody {...props} collab={mode === 'shared' ? session : null} me={me} storedBody={body} />;
});

/** The editor itself, alone or bound to the shared document `collab`. */
function EditorBody({
  initialHtml,
  onChange,
  onReader,
  onBlur,
  labelId,
  describedById,
  invalid = false,
  disabled = false,
  collab,
  me,
  storedBody,
  replaceSharedContent = false,
}: RichTextEditorProps & {
  collab: CollabSession | null;
  me: { name: string; color: string };
  storedBody: () => ProseMirrorNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [linkAt, setLinkAt] = useState<LinkPopoverPosition | null>(null);
  // The image waiting for its description, and where it goes (null: at the selection).
  const [pending, setPending] = useState<{ file: File; at: number | null } | null>(null);

  /** A chosen, pasted or dropped file: checked at once, then described in the dialog. */
  const offerImage = (file: File, at: number | null) => {
    const problem = imageFileProblem(file);
    if (problem) {
      showError('Nie można wstawić obrazu', problem);
      return;
    }
    setPending({ file, at });
  };

  // „Osadź”: the address dialog.
  const [embedding, setEmbedding] = useState(false);

  const galleryFilling = useGalleryFilling();
  const { addImages } = galleryFilling;

  // Asked when an HTML card is drawn: only an administrator edits a card's HTML source.
  const { user } = useSession();
  const isAdministrator = can(user, 'administerSite');
  const editsHtml = useRef(isAdministrator);
  useEffect(() => {
    editsHtml.current = isAdministrator;
  }, [isAdministrator]);
  // Read by the card when it is drawn, never during this render.
  const [canEditSource] = useState(() => () => editsHtml.current);

  // The `/` menu: open while the editor reports it; its keys go to the menu drawn below.
  const [slashMenu, setSlashMenu] = useState<SlashMenuState | null>(null);
  const slashKeys = useRef<(event: KeyboardEvent) => boolean>(() => false);
  const [slashOptions] = useState(() => ({
    onChange: setSlashMenu,
    onKeyDown: (event: KeyboardEvent) => slashKeys.current(event),
  }));

  // Bound once, when the editor is made: the shared document and this person's caret.
  const [binding] = useState(() => collab?.bind(me));
  // Shared: drawing the document when the editor is made is no change of the writer's, unless it
  // holds other text than the stored body (typed by someone who has not saved): checked once below.
  const shownChecked = useRef(!binding);
  const editor = useEditor({
    extensions: editorExtensions({ canEditSource, addImages, slashMenu: slashOptions }, binding),
    // Shared: the document holds the body (filled before the editor is made, collab-mode.ts).
    content: binding ? undefined : initialHtml,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedById ? { 'aria-describedby': describedById } : {}),
        'aria-invalid': invalid ? 'true' : 'false',
      },
      handlePaste: (_view, event) => {
        const file = imageFileOf(event.clipboardData);
        if (!file) return false;
        event.preventDefault();
        offerImage(file, null);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const file = moved ? null : imageFileOf(event.dataTransfer);
        if (!file) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null;
        offerImage(file, at);
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      if (shownChecked.current) onChange(() => (current.isEmpty ? '' : current.getHTML()));
    },
    onBlur: () => onBlur?.(),
  });

  useEffect(() => {
    if (!editor || !onReader) return undefined;
    onReader(() => (editor.isDestroyed ? null : editor.isEmpty ? '' : editor.getHTML()));
    return () => onReader(null);
  }, [editor, onReader]);

  useEffect(() => {
    if (!editor || shownChecked.current) return;
    shownChecked.current = true;
    // What a save sends is what the writer sees: a body differing from the stored one is a change.
    if (editor.getHTML() !== getHTMLFromFragment(storedBody().content, editor.schema)) {
      onChange(() => (editor.isEmpty ? '' : editor.getHTML()));
    }
  }, [editor, storedBody, onChange]);

  const replaced = useRef(false);
  useEffect(() => {
    if (!binding || !editor || !replaceSharedContent || replaced.current) return;
    replaced.current = true;
    // The form's value is this HTML already: not a change of the writer's (the others get it live).
    editor.commands.setContent(initialHtml, { emitUpdate: false });
  }, [binding, editor, replaceSharedContent, initialHtml]);

  const editLink = () => {
    if (!editor || editor.isDestroyed || disabled || !frame.current) return;
    // Under the selection, inside the editor's frame (clamped so it never leaves it sideways).
    const box = frame.current.getBoundingClientRect();
    const caret = editor.view.coordsAtPos(editor.state.selection.from);
    setLinkAt({
      top: caret.bottom - box.top + 8,
      left: Math.max(8, Math.min(caret.left - box.left, box.width - 360)),
    });
  };

  // The selected image's description, while the dialog edits it.
  const [describing, setDescribing] = useState<ImageDescription | null>(null);
  const describeImage = () => {
    if (!editor || editor.isDestroyed || disabled || !editor.isActive('image')) return;
    const attrs = editor.getAttributes('image') as FigureImageAttributes;
    setDescribing({ alt: attrs.alt ?? '', caption: attrs.caption ?? '' });
  };
  const saveDescription = (description: ImageDescription) => {
    setDescribing(null);
    if (!editor || editor.isDestroyed) return;
    const attrs = editor.getAttributes('image') as FigureImageAttributes;
    editor.chain().focus().updateAttributes('image', describedImage(attrs, description)).run();
  };

  // The button dialog: null closed, else the selected button card's attributes (or none for a new one).
  const [buttonAsked, setButtonAsked] = useState<{ button: ButtonCardAttributes | null } | null>(null);
  const editButton = () => {
    if (!editor || editor.isDestroyed || disabled) return;
    const selected = editor.isActive('buttonCard');
    setButtonAsked({
      button: selected ? (editor.getAttributes('buttonCard') as ButtonCardAttributes) : null,
    });
  };
  const saveButton = (attributes: ButtonCardAttributes) => {
    setButtonAsked(null);
    if (!editor || editor.isDestroyed) return;
    editor.chain().focus().setButtonCard(attributes).run();
  };

  // One actions object for the editor's life, so the memoised toolbar does not re-render with this one.
  const { pickGallery } = galleryFilling;
  const latestActions = useRef({ editLink, describeImage, editButton, pickGallery });
  useEffect(() => {
    latestActions.current = { editLink, describeImage, editButton, pickGallery };
  });
  const toolbarActions = useMemo<ToolbarActions>(
    () => ({
      pickImage: () => fileInput.current?.click(),
      editLink: () => latestActions.current.editLink(),
      describeImage: () => latestActions.current.describeImage(),
      editButton: () => latestActions.current.editButton(),
      embed: () => setEmbedding(true),
      pickGallery: () => latestActions.current.pickGallery(),
    }),
    [],
  );

  const insertImage = (attributes: FigureImageAttributes) => {
    const at = pending?.at;
    setPending(null);
    if (!editor || editor.isDestroyed) return;
    const content = { type: 'image', attrs: attributes };
    const chain = editor.chain().focus();
    (at === null || at === undefined
      ? chain.insertContent(content)
      : chain.insertContentAt(at, content)
    ).run();
  };

  return (
    // The outer box places the link popover; the inner one clips to rounded corners (the popover may
    // reach below the text, so it must not be clipped with it).
    <Box
      ref={frame}
      position="relative"
      // Ctrl+K / Cmd+K in the text or the toolbar: the link popover (the browser's own use is the search bar).
      onKeyDown={(event) => {
        if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'k') return;
        event.preventDefault();
        editLink();
      }}
    >
      <Box
        borderWidth="1px"
        borderColor={invalid ? 'border.error' : 'border'}
        borderRadius="l2"
        // clip, not hidden: the rounded corners stay and the toolbar can still stick (no scroll container).
        overflow="clip"
        _focusWithin={{
          outline: '2px solid',
          outlineColor: invalid ? 'border.error' : 'brand.solid',
          outlineOffset: '1px',
        }}
      >
        {collab && <CollabPresence peers={collab.peers} online={collab.online} refusal={collab.refusal} />}
        {editor && (
          <EditorToolbar
            editor={editor}
            disabled={disabled}
            actions={toolbarActions}
            administrator={isAdministrator}
          />
        )}
        {editor && <TableToolbar editor={editor} disabled={disabled} />}
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          aria-hidden="true"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) offerImage(file, null);
          }}
        />
        {galleryFilling.input}
        <Prose fontSize="md" css={editorViewStyles}>
          <EditorContent editor={editor} />
        </Prose>
        {editor && <WordCount editor={editor} />}
      </Box>
      {editor && linkAt && <LinkPopover editor={editor} position={linkAt} onClose={() => setLinkAt(null)} />}
      {editor && slashMenu && !disabled && (
        <SlashMenu
          editor={editor}
          menu={slashMenu}
          administrator={isAdministrator}
          actions={toolbarActions}
          frame={frame}
          keysRef={slashKeys}
        />
      )}
      <ImageDialog
        key={pending ? `${pending.file.name}-${pending.file.lastModified}-${pending.at}` : 'none'}
        file={pending?.file ?? null}
        onClose={() => setPending(null)}
        onInsert={insertImage}
      />
      {buttonAsked && (
        <ButtonDialog button={buttonAsked.button} onClose={() => setButtonAsked(null)} onSave={saveButton} />
      )}
      {galleryFilling.dialog(editor)}
      {embedding && (
        <EmbedDialog
          open
          onClose={() => setEmbedding(false)}
          onInsert={(address, title) => {
            setEmbedding(false);
            editor?.chain().focus().insertEmbed(address, title).run();
          }}
        />
      )}
      {describing && (
        <ImageDialog
          file={null}
          image={describing}
          onClose={() => setDescribing(null)}
          onInsert={insertImage}
          onDescribe={saveDescription}
        />
      )}
    </Box>
  );
}
