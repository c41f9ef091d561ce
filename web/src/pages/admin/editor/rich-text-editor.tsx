import { Box } from '@chakra-ui/react';
import { EditorContent, useEditor } from '@tiptap/react';
import { Prose } from '../../../components/prose.tsx';
import { editorExtensions } from './editor-extensions.ts';
import { EditorToolbar } from './editor-toolbar.tsx';

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

/**
 * The post body editor (spec §2 „Rich-text field”), TipTap 3. Loaded lazily by the post form, so neither
 * the reader's download nor the admin shell carries it. Its typography is the article's (Prose), so what
 * the editor shows is what readers get.
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
  const editor = useEditor({
    extensions: editorExtensions(),
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
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  return (
    <Box
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      borderRadius="l2"
      overflow="hidden"
      _focusWithin={{
        outline: '2px solid',
        outlineColor: invalid ? 'border.error' : 'brand.solid',
        outlineOffset: '1px',
      }}
    >
      {editor && <EditorToolbar editor={editor} disabled={disabled} />}
      <Prose
        fontSize="md"
        css={{
          '& .ProseMirror': { minHeight: '300px', padding: '4', outline: 'none' },
          // The placeholder (spec §2) is drawn from the data attribute the Placeholder extension sets.
          '& .ProseMirror p.is-editor-empty:first-child::before': {
            content: 'attr(data-placeholder)',
            float: 'left',
            height: '0',
            pointerEvents: 'none',
            color: 'fg.muted',
          },
          '& .ProseMirror img.ProseMirror-selectednode': {
            outline: '3px solid',
            outlineColor: 'brand.solid',
          },
        }}
      >
        <EditorContent editor={editor} />
      </Prose>
    </Box>
  );
}
