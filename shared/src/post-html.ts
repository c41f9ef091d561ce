import { CARD_CLASSES } from './post-cards.ts';

/**
 * The HTML a post body may hold: exactly what the post editor writes. The server's sanitizer keeps
 * these tags and attributes and nothing else; the editor's schema is tested against this list (each
 * tag is written by one of its nodes or marks), so neither can grow without the other.
 *
 * `level` says where the editor places the tag: `block` elements are nodes, `inline` ones are marks
 * or inline pieces of a node. A block element the editor's nodes cannot take as it stands (a figure
 * with a gallery in it, a caption with a link) is kept whole in an HTML card; an inline one is
 * always one of the editor's marks.
 */
export interface PostHtmlTag {
  level: 'block' | 'inline';
  /** Attributes kept, in the order the editor writes them. */
  attributes: readonly string[];
}

const block = (...attributes: string[]): PostHtmlTag => ({ level: 'block', attributes });
const inline = (...attributes: string[]): PostHtmlTag => ({ level: 'inline', attributes });

/** Paragraphs and headings carry their alignment as `style="text-align: …"`, nothing else. */
const ALIGNED = ['style'];

export const POST_HTML_TAGS = {
  p: block(...ALIGNED),
  h1: block(...ALIGNED),
  h2: block(...ALIGNED),
  h3: block(...ALIGNED),
  h4: block(...ALIGNED),
  ul: block(),
  ol: block(),
  li: block(),
  blockquote: block(),
  pre: block(),
  hr: block(),
  figure: block(),
  figcaption: block(),
  /** Only as a card's frame (post-cards `cardFrameAttributes`); any other div loses its tag. */
  div: block('class', 'data-provider', 'data-callout', 'data-emoji'),
  /** The table card: a first row of `th` is its header row; a cell may span rows and columns. */
  table: block(),
  tbody: block(),
  tr: block(),
  th: block('colspan', 'rowspan'),
  td: block('colspan', 'rowspan'),
  /** The toggle card: a summary line, opened and closed by the browser itself. */
  details: block(),
  summary: block(),
  br: inline(),
  strong: inline(),
  em: inline(),
  u: inline(),
  s: inline(),
  sub: inline(),
  sup: inline(),
  kbd: inline(),
  mark: inline(),
  /** Inline code, and a code block's text inside <pre> (its language as one `language-…` class). */
  code: inline('class'),
  a: inline('target', 'rel', 'href'),
  img: inline('src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height'),
} as const satisfies Record<string, PostHtmlTag>;

export type PostHtmlTagName = keyof typeof POST_HTML_TAGS;

export const POST_HTML_TAG_NAMES = Object.keys(POST_HTML_TAGS) as PostHtmlTagName[];

export const isPostHtmlTag = (name: string): name is PostHtmlTagName => Object.hasOwn(POST_HTML_TAGS, name);

/**
 * Elements that go with everything inside them, in the server's sanitizer and the editor's HTML card
 * alike: scripts, styles, frames, form remnants and foreign content (math, svg: once their tags are
 * gone, a table they held would sit inside a paragraph and be read differently the next time).
 */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'title',
  'iframe',
  'xmp',
  'noembed',
  'template',
  'object',
  'embed',
  'svg',
  'math',
] as const;

/** The class of the HTML card's frame: `<div class="html-card">…kept HTML…</div>`. */
export const HTML_CARD_CLASS = CARD_CLASSES.html;

/** The alignments the editor writes (`style="text-align: center"`), the one style kept. */
export const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;

/** A code block's language class as the editor writes it (```js → `language-js`). */
export const CODE_LANGUAGE_CLASS = /^language-[a-z0-9+#.-]{1,30}$/;

/**
 * Tags other editors write for the same thing, read as the editor's own: `b` → `strong`, `i` → `em`,
 * `del`/`strike` → `s`, headings deeper than the editor's h4 → h4, and a table's head and foot
 * → its body (the editor's header row is a first row of `th`).
 */
export const POST_HTML_SYNONYMS: Readonly<Record<string, PostHtmlTagName>> = {
  b: 'strong',
  i: 'em',
  del: 's',
  strike: 's',
  h5: 'h4',
  h6: 'h4',
  thead: 'tbody',
  tfoot: 'tbody',
};
