import { PostHeading, PostTextAlign } from '@blog/shared/editor-schema';
import { TEXT_ALIGNMENTS } from '@blog/shared/post-html';
import type { Extensions } from '@tiptap/core';
import { Blockquote } from '@tiptap/extension-blockquote';
import { Bold } from '@tiptap/extension-bold';
import { Code } from '@tiptap/extension-code';
import { CodeBlock } from '@tiptap/extension-code-block';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { HorizontalRule } from '@tiptap/extension-horizontal-rule';
import { Italic } from '@tiptap/extension-italic';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import { Paragraph } from '@tiptap/extension-paragraph';
import Placeholder from '@tiptap/extension-placeholder';
import { Strike } from '@tiptap/extension-strike';
import { Text } from '@tiptap/extension-text';
import { Underline } from '@tiptap/extension-underline';
import { Dropcursor, Gapcursor, TrailingNode, UndoRedo } from '@tiptap/extensions';
import { ButtonCard } from './cards/button-card.ts';
import { CalloutCard } from './cards/callout-card.ts';
import { tableCardExtensions } from './cards/table-card.ts';
import { toggleCardExtensions } from './cards/toggle-card.ts';
import { EmbedCard } from './cards/embed-card.ts';
import { GalleryCard, type GalleryCardOptions } from './cards/gallery-card.ts';
import { DocumentKeys } from './document-keys.ts';
import { FigureImage } from './figure-image.ts';
import { HtmlCard, type HtmlCardOptions } from './html-card.ts';
import { PostLink } from './post-link.ts';
import { Highlight, Kbd, Subscript, Superscript } from './inline-marks.ts';
import { SlashCommand, type SlashCommandOptions } from './slash-command.ts';
import { PasteUndoStep } from './undo-steps.ts';

export const EDITOR_PLACEHOLDER = 'Zacznij pisać...';
export { TEXT_ALIGNMENTS };
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

/**
 * The editor's features, and nothing more, so its HTML stays within the post HTML allow-list the
 * server's sanitizer keeps (@blog/shared/post-html; editor-html.test.ts holds the two together):
 * TipTap's StarterKit, listed here one by one (its order kept) so that its Link, with the address
 * detection the editor does not use, is replaced by PostLink (post-link.ts) rather than downloaded
 * and switched off. Inline code and strikethrough come with their markdown shortcuts
 * (`` `kod` ``, `~~przekreślenie~~`), quotes, code blocks and horizontal rules with theirs
 * (`> `, ``` ``` ```, `---`). Whatever else a post holds is kept in an HTML card. The document's
 * nodes and marks are those of @blog/shared/editor-schema (the server reads and writes a shared body
 * with them), each extended here with its view and commands; editor-schema.test.ts holds the two
 * schemas equal.
 */
export function editorExtensions(
  options: Partial<HtmlCardOptions & GalleryCardOptions> & { slashMenu?: SlashCommandOptions } = {},
  /** A shared body's binding (collab-extensions.ts, loaded only for a shared session). */
  collab?: Extensions,
): Extensions {
  const { addImages, slashMenu, ...htmlCard } = options;
  return [
    Bold,
    Blockquote,
    BulletList,
    Code,
    CodeBlock,
    Document,
    Dropcursor,
    Gapcursor,
    HardBreak,
    // Undo depth 100, typing grouped into one undo step per 500 ms pause (a paste is a step of its
    // own: undo-steps.ts). Shared: Collaboration's own undo, which undoes only this editor's changes
    // (this one would undo the others' too).
    ...(collab ? [] : [UndoRedo.configure({ depth: 100, newGroupDelay: 500 })]),
    HorizontalRule,
    Italic,
    ListItem,
    ListKeymap,
    PostLink,
    OrderedList,
    Paragraph,
    Strike,
    Text,
    Underline,
    TrailingNode,
    PostHeading,
    Subscript,
    Superscript,
    Highlight,
    Kbd,
    FigureImage,
    HtmlCard.configure(htmlCard),
    ...tableCardExtensions,
    CalloutCard,
    ButtonCard,
    ...toggleCardExtensions,
    EmbedCard,
    GalleryCard.configure(addImages ? { addImages } : {}),
    PostTextAlign,
    Placeholder.configure({ placeholder: EDITOR_PLACEHOLDER }),
    PasteUndoStep,
    DocumentKeys,
    ...(slashMenu ? [SlashCommand.configure(slashMenu)] : []),
    ...(collab ?? []),
  ];
}

/** Words of the text (split on white space) and the reading time as the article shows it (/200, up, ≥ 1). */
export function textStatistics(text: string): { words: number; minutes: number } {
  const words = text.split(/\s+/).filter((word) => word !== '').length;
  return { words, minutes: Math.max(1, Math.ceil(words / 200)) };
}
