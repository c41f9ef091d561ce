import type { Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import TextAlign from '@tiptap/extension-text-align';
import StarterKit from '@tiptap/starter-kit';
import { checkLinkUrl } from './editor-urls.ts';

export const EDITOR_PLACEHOLDER = 'Zacznij pisać...';
export const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

/**
 * The editor's features, and nothing more, so its HTML stays within the server sanitizer's allow-list:
 * StarterKit already brings Link and Underline (configured here, never added twice — TOOLCHAIN.md §4).
 */
export function editorExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      // Spec §9: undo depth 100, typing grouped into one undo step per 500 ms pause.
      undoRedo: { depth: 100, newGroupDelay: 500 },
      codeBlock: false,
      code: false,
      blockquote: false,
      horizontalRule: false,
      strike: false,
      link: {
        openOnClick: false,
        // No autolink: it makes the link mark inclusive, so text typed after a link would join it.
        autolink: false,
        linkOnPaste: true,
        defaultProtocol: 'https',
        // Links open in a new tab (spec §2); the server sets the same rel.
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
        // Pasted or auto-detected links obey the same scheme list as the prompt.
        isAllowedUri: (url) => checkLinkUrl(url).ok,
      },
    }),
    Image.configure({ inline: false, allowBase64: false }),
    TextAlign.configure({
      types: ['heading', 'paragraph'],
      alignments: [...TEXT_ALIGNMENTS],
      defaultAlignment: 'left',
    }),
    Placeholder.configure({ placeholder: EDITOR_PLACEHOLDER }),
  ];
}
