import { TEXT_ALIGNMENTS } from '@blog/shared/post-html';
import type { Extensions } from '@tiptap/core';
import Heading from '@tiptap/extension-heading';
import Placeholder from '@tiptap/extension-placeholder';
import TextAlign from '@tiptap/extension-text-align';
import StarterKit from '@tiptap/starter-kit';
import { checkLinkUrl } from './editor-urls.ts';
import { FigureImage } from './figure-image.ts';
import { HtmlCard, type HtmlCardOptions } from './html-card.ts';
import { Highlight, Kbd, Subscript, Superscript } from './inline-marks.ts';

export const EDITOR_PLACEHOLDER = 'Zacznij pisać...';
export { TEXT_ALIGNMENTS };
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

/**
 * Headings 1–4. The toolbar offers 2–4 (the title is the page's h1); an h1 already in a body (an
 * older post, an import) stays an h1 rather than being changed behind the writer's back. Deeper
 * headings other editors write (h5, h6) become h4, as the server's sanitizer spells them.
 */
const PostHeading = Heading.extend({
  parseHTML() {
    return [
      ...[1, 2, 3, 4].map((level) => ({ tag: `h${level}`, attrs: { level } })),
      { tag: 'h5', attrs: { level: 4 } },
      { tag: 'h6', attrs: { level: 4 } },
    ];
  },
}).configure({ levels: [1, 2, 3, 4] });

/**
 * The editor's features, and nothing more, so its HTML stays within the post HTML allow-list the
 * server's sanitizer keeps (@blog/shared/post-html; editor-html.test.ts holds the two together):
 * StarterKit already brings Link and Underline (configured here, never added twice: TipTap warns about
 * duplicate extension names), inline code and strikethrough with their markdown shortcuts
 * (`` `kod` ``, `~~przekreślenie~~`), and quotes, code blocks and horizontal rules with theirs
 * (`> `, ``` ``` ```, `---`). Whatever else a post holds is kept in an HTML card.
 */
export function editorExtensions(options: Partial<HtmlCardOptions> = {}): Extensions {
  return [
    StarterKit.configure({
      heading: false,
      // Undo depth 100, typing grouped into one undo step per 500 ms pause.
      undoRedo: { depth: 100, newGroupDelay: 500 },
      link: {
        openOnClick: false,
        // No autolink: it makes the link mark inclusive, so text typed after a link would join it.
        autolink: false,
        linkOnPaste: true,
        defaultProtocol: 'https',
        // Links open in a new tab unless the popover says otherwise; the server sets the same rel.
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
        // Pasted or auto-detected links obey the same scheme list as the popover.
        isAllowedUri: (url) => checkLinkUrl(url).ok,
      },
    }),
    PostHeading,
    Subscript,
    Superscript,
    Highlight,
    Kbd,
    FigureImage.configure({ inline: false, allowBase64: false }),
    HtmlCard.configure(options),
    TextAlign.configure({
      types: ['heading', 'paragraph'],
      alignments: [...TEXT_ALIGNMENTS],
      defaultAlignment: 'left',
    }),
    Placeholder.configure({ placeholder: EDITOR_PLACEHOLDER }),
  ];
}

/**
 * Pasted HTML before the editor reads it: a table has no place in a post, so each row becomes a
 * paragraph with its cells separated by „ | ” (the editor would otherwise glue the cells' text).
 */
export function pastedHtml(html: string): string {
  if (!/<table[\s>]/i.test(html)) return html;
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const table of Array.from(document.querySelectorAll('table'))) {
    const rows = Array.from(table.querySelectorAll('tr')).map((row) =>
      Array.from(row.querySelectorAll('th, td'))
        .map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim() ?? '')
        .filter((text) => text !== '')
        .join(' | '),
    );
    const replacement = document.createDocumentFragment();
    for (const text of rows.filter((row) => row !== '')) {
      const paragraph = document.createElement('p');
      paragraph.textContent = text;
      replacement.append(paragraph);
    }
    table.replaceWith(replacement);
  }
  return document.body.innerHTML;
}

/** Words of the text (split on white space) and the reading time as the article shows it (/200, up, ≥ 1). */
export function textStatistics(text: string): { words: number; minutes: number } {
  const words = text.split(/\s+/).filter((word) => word !== '').length;
  return { words, minutes: Math.max(1, Math.ceil(words / 200)) };
}
