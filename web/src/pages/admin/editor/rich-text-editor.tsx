import { Box, Text } from '@chakra-ui/react';
import { can } from '@blog/shared/policy';
import { imageFileProblem } from '@blog/shared/rules';
import { EditorContent, useEditor } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../../api/session.ts';
import { Prose } from '../../../components/prose.tsx';
import { showError } from '../../../lib/toast.ts';
import { editorExtensions, pastedHtml, textStatistics } from './editor-extensions.ts';
import { EditorToolbar } from './editor-toolbar.tsx';
import { describedImage, type FigureImageAttributes, type ImageDescription } from './figure-image.ts';
import { ImageDialog } from './image-dialog.tsx';
import { LinkPopover, type LinkPopoverPosition } from './link-popover.tsx';

export interface RichTextEditorProps {
  /** HTML shown when the editor starts; later changes of the prop are not pushed into the editor. */
  initialHtml: string;
  /** The new HTML after every change; '' when the document is empty (so „required” rules apply). */
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** id of the visible label, which names the editing area. */
  labelId: string;
  /** id of the error or help text under the field. */
  describedById?: string;
  invalid?: boolean;
  disabled?: boolean;
}

/** The first image file of a paste or a drop, if any. */
const imageFileOf = (data: DataTransfer | null | undefined): File | null =>
  Array.from(data?.files ?? []).find((file) => file.type.startsWith('image/')) ?? null;

/** Words and reading time of the document; 0 once the editor is gone. */
function statisticsOf(editor: Editor) {
  if (editor.isDestroyed) return { words: 0, minutes: 1 };
  const { doc } = editor.state;
  return textStatistics(doc.textBetween(0, doc.content.size, ' ', ' '));
}

/**
 * Words and reading time, live: recomputed on every change of the document, and subscribed again when
 * the editor instance changes (a selector bound to a destroyed first instance showed 0 for good).
 */
function WordCount({ editor }: { editor: Editor }) {
  const [stats, setStats] = useState(() => statisticsOf(editor));
  useEffect(() => {
    const update = () => setStats(statisticsOf(editor));
    update();
    editor.on('update', update);
    return () => {
      editor.off('update', update);
    };
  }, [editor]);
  const words = stats?.words ?? 0;
  return (
    <Text fontSize="sm" color="fg.muted" px="3" py="1.5" borderTopWidth="1px" borderColor="border.muted">
      <span aria-live="polite">
        Słowa: {words} · Czas czytania: {stats?.minutes ?? 1} min
      </span>
    </Text>
  );
}

/**
 * The post body editor, TipTap 3. Loaded lazily by the post form, so neither
 * the reader's download nor the admin shell carries it. Its typography is the article's (Prose), so what
 * the editor shows is what readers get. Images go through the upload pipeline (button, paste, drop) with
 * a required alternative text; links through a popover (Ctrl+K).
 */
export function RichTextEditor({
  initialHtml,
  onChange,
  onBlur,
  labelId,
  describedById,
  invalid = false,
  disabled = false,
}: RichTextEditorProps) {
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

  // Asked when an HTML card is drawn: only an administrator edits a card's HTML source.
  const { user } = useSession();
  const isAdministrator = can(user, 'administerSite');
  const editsHtml = useRef(isAdministrator);
  useEffect(() => {
    editsHtml.current = isAdministrator;
  }, [isAdministrator]);
  // Read by the card when it is drawn, never during this render.
  const [canEditSource] = useState(() => () => editsHtml.current);

  const editor = useEditor({
    extensions: editorExtensions({ canEditSource }),
    content: initialHtml,
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
      transformPastedHTML: pastedHtml,
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
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

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
        {editor && (
          <EditorToolbar
            editor={editor}
            disabled={disabled}
            actions={{ pickImage: () => fileInput.current?.click(), editLink, describeImage }}
          />
        )}
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
        <Prose
          fontSize="md"
          css={{
            '& .ProseMirror': { minHeight: '300px', padding: '4', outline: 'none' },
            // The placeholder is drawn from the data attribute the Placeholder extension sets.
            '& .ProseMirror p.is-editor-empty:first-child::before': {
              content: 'attr(data-placeholder)',
              float: 'left',
              height: '0',
              pointerEvents: 'none',
              color: 'fg.muted',
            },
            '& .ProseMirror img.ProseMirror-selectednode, & .ProseMirror figure.ProseMirror-selectednode img':
              {
                outline: '3px solid',
                outlineColor: 'brand.solid',
              },
            // An HTML card: a framed preview under its label and buttons (the preview takes no clicks,
            // so its links never leave the editor; a click on the card selects it).
            '& .html-card-view': {
              borderWidth: '1px',
              borderStyle: 'dashed',
              borderColor: 'border.emphasized',
              borderRadius: 'l2',
              marginBlock: '4',
              overflowX: 'auto',
            },
            '& .html-card-view.ProseMirror-selectednode': {
              outline: '3px solid',
              outlineColor: 'brand.solid',
            },
            '& .html-card-bar': {
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: '2',
              paddingInline: '2',
              paddingBlock: '1',
              fontSize: 'sm',
              color: 'fg.muted',
              bg: 'bg.subtle',
              borderBottomWidth: '1px',
              borderColor: 'border.muted',
            },
            '& .html-card-bar > span': { fontWeight: 'medium', marginInlineEnd: 'auto' },
            '& .html-card-view button': {
              fontSize: 'sm',
              paddingInline: '2',
              borderRadius: 'l1',
              _hover: { bg: 'bg.muted' },
              _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid' },
            },
            '& .html-card-preview': { padding: '3', pointerEvents: 'none' },
            '& .html-card-source': { display: 'flex', flexWrap: 'wrap', gap: '2', padding: '2' },
            '& .html-card-source textarea': {
              width: 'full',
              fontFamily: 'mono',
              fontSize: 'sm',
              borderWidth: '1px',
              borderColor: 'border',
              padding: '2',
            },
          }}
        >
          <EditorContent editor={editor} />
        </Prose>
        {editor && <WordCount editor={editor} />}
      </Box>
      {editor && linkAt && <LinkPopover editor={editor} position={linkAt} onClose={() => setLinkAt(null)} />}
      <ImageDialog
        key={pending ? `${pending.file.name}-${pending.file.lastModified}-${pending.at}` : 'none'}
        file={pending?.file ?? null}
        onClose={() => setPending(null)}
        onInsert={insertImage}
      />
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
