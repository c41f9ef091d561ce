import type { Extensions } from '@tiptap/core';
import { getSchema } from '@tiptap/core';
import { Blockquote } from '@tiptap/extension-blockquote';
import { Bold } from '@tiptap/extension-bold';
import { Code } from '@tiptap/extension-code';
import { CodeBlock } from '@tiptap/extension-code-block';
import { Document as DocumentNode } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { HorizontalRule } from '@tiptap/extension-horizontal-rule';
import { Italic } from '@tiptap/extension-italic';
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Strike } from '@tiptap/extension-strike';
import { Text } from '@tiptap/extension-text';
import TextAlign from '@tiptap/extension-text-align';
import { Underline } from '@tiptap/extension-underline';
import type { Schema } from '@tiptap/pm/model';
import { TEXT_ALIGNMENTS } from '../post-html.ts';
import { ButtonCard } from './cards/button-card.ts';
import { CalloutCard } from './cards/callout-card.ts';
import { EmbedCard } from './cards/embed-card.ts';
import { GalleryCard } from './cards/gallery-card.ts';
import { tableCardExtensions } from './cards/table-card.ts';
import { toggleCardExtensions } from './cards/toggle-card.ts';
import { FigureImage } from './figure-image.ts';
import { HtmlCard } from './html-card.ts';
import { Highlight, Kbd, Subscript, Superscript } from './inline-marks.ts';
import { PostHeading } from './post-heading.ts';
import { PostLink } from './post-link.ts';

export { ButtonCard, type ButtonCardAttributes } from './cards/button-card.ts';
export { CalloutCard } from './cards/callout-card.ts';
export { ATOM_CARD } from './cards/atom-card.ts';
export { defaultEmbedTitle, EmbedCard } from './cards/embed-card.ts';
export { GalleryCard, type GalleryImage } from './cards/gallery-card.ts';
export {
  TableCard,
  TableCardCell,
  TableCardHeader,
  TableCardRow,
  tableCardExtensions,
} from './cards/table-card.ts';
export { ToggleCard, ToggleSummary, toggleCardExtensions } from './cards/toggle-card.ts';
export { FigureImage, type FigureImageAttributes } from './figure-image.ts';
export { cardContent, cleanCardHtml, HtmlCard, type HtmlCardSchemaOptions } from './html-card.ts';
export { Highlight, Kbd, Subscript, Superscript } from './inline-marks.ts';
export { BARE_HOST, checkLinkUrl, type UrlCheck } from './link-url.ts';
export { PostHeading } from './post-heading.ts';
export { allowedLink, PostLink, type PostLinkAttributes } from './post-link.ts';

/** The text alignment of headings and paragraphs, as the sanitizer keeps it. */
export const PostTextAlign = TextAlign.configure({
  types: ['heading', 'paragraph'],
  alignments: [...TEXT_ALIGNMENTS],
  defaultAlignment: 'left',
});

/**
 * The extensions of a post body that define its document (nodes, marks, attributes, how each is
 * read from and written to HTML), in the web editor's order. `replace` swaps one for the editor's
 * own extension of it (node views, commands, shortcuts) by name, so there is one definition of the
 * document; `document` is where an HTML card is written when there is no browser (the server).
 */
export function postDocumentExtensions(
  options: { document?: Document; replace?: Extensions } = {},
): Extensions {
  const byName = new Map((options.replace ?? []).map((extension) => [extension.name, extension]));
  const own = (extension: Extensions[number]) => byName.get(extension.name) ?? extension;
  return [
    Bold,
    Blockquote,
    BulletList,
    Code,
    CodeBlock,
    DocumentNode,
    HardBreak,
    HorizontalRule,
    Italic,
    ListItem,
    PostLink,
    OrderedList,
    Paragraph,
    Strike,
    Text,
    Underline,
    PostHeading,
    Subscript,
    Superscript,
    Highlight,
    Kbd,
    FigureImage,
    options.document ? HtmlCard.configure({ document: options.document }) : HtmlCard,
    ...tableCardExtensions,
    CalloutCard,
    ButtonCard,
    ...toggleCardExtensions,
    EmbedCard,
    GalleryCard,
    PostTextAlign,
  ].map(own);
}

/** The ProseMirror schema of a post body. */
export const postSchema = (options: { document?: Document } = {}): Schema =>
  getSchema(postDocumentExtensions(options));
