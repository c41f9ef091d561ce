import type { Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { marked } from 'marked';
import { escapeMarkup } from '../../html/escape-markup.ts';
import { buttonCard, calloutCard, embedCard, galleryCards, plainText, toggleCard } from './import-cards.ts';
import type { ContentLoss } from './import-fidelity.ts';
import { mediaLink } from './import-media.ts';
import { WARNING_COLOURS } from './ghost-html.ts';

/**
 * Ghost's editor documents as HTML, for posts exported without their `html` (Ghost writes it on
 * publish; drafts and some exports carry only the document): Lexical (Ghost 5 and later, the
 * `lexical` column) and Mobiledoc (older Ghost, the `mobiledoc` column). Text, headings, lists,
 * quotes, links, images, code, HTML and Markdown cards become the same HTML Ghost writes for them,
 * its other cards the cards stored here (cardHtml); a card this blog has no place for is reported.
 */

type Payload = Record<string, unknown>;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

const link = (url: string, text: string) =>
  url ? `<p><a href="${escapeMarkup(url)}">${escapeMarkup(text || url)}</a></p>` : '';

function imageHtml(card: Payload): string {
  const src = str(card.src);
  if (!src) return '';
  const attributes = [`src="${escapeMarkup(src)}"`];
  if (str(card.alt)) attributes.push(`alt="${escapeMarkup(str(card.alt))}"`);
  if (str(card.title)) attributes.push(`title="${escapeMarkup(str(card.title))}"`);
  for (const key of ['width', 'height'])
    if (typeof card[key] === 'number') attributes.push(`${key}="${card[key] as number}"`);
  const caption = str(card.caption);
  return `<figure><img ${attributes.join(' ')}>${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
}

/** A card's caption (HTML) as the paragraph after it. */
const captionOf = (card: Payload): string => (str(card.caption) ? `<p>${str(card.caption)}</p>` : '');

/** Cards with nothing a reader reads that is lost with them: markers of Ghost's own pages and e-mails. */
const SILENT_CARDS = new Set(['paywall']);

/**
 * One card (a Lexical decorator node or a Mobiledoc card: Ghost gives both the same payload) as
 * HTML: the cards stored here (post-cards.ts) where there is one (gallery, embed, callout, toggle,
 * button), a bookmark as a paragraph with its link and title, a video, a sound or a file as a link
 * to it (reported). Any other card is reported by name.
 */
function cardHtml(name: string, card: Payload, losses: ContentLoss[]): string {
  const lost = (html = '') => {
    if (!SILENT_CARDS.has(name)) losses.push({ kind: 'card', name, count: 1 });
    return html;
  };
  switch (name) {
    case 'image':
      return imageHtml(card);
    case 'markdown':
    case 'card-markdown':
      return marked.parse(str(card.markdown), { async: false, gfm: true });
    case 'html':
      return str(card.html);
    case 'code':
    case 'codeblock': {
      const language = str(card.language)
        .toLowerCase()
        .replace(/[^a-z0-9+#.-]/g, '');
      const code = `<pre><code${language ? ` class="language-${language}"` : ''}>${escapeMarkup(str(card.code))}</code></pre>`;
      return str(card.caption) ? `${code}<p>${str(card.caption)}</p>` : code;
    }
    case 'hr':
    case 'horizontalrule':
      return '<hr>';
    case 'callout':
      return calloutCard(
        str(card.calloutText),
        str(card.calloutEmoji),
        WARNING_COLOURS.has(str(card.backgroundColor)) ? 'warning' : 'info',
      );
    case 'toggle':
      return toggleCard(
        plainText(parseDocument(`<p>${str(card.heading)}</p>`).children[0] as Element),
        str(card.content),
      );
    case 'bookmark': {
      const metadata = (card.metadata ?? {}) as Payload;
      const description = str(metadata.description);
      return `${link(str(card.url), str(metadata.title))}${description ? `<p>${escapeMarkup(description)}</p>` : ''}${captionOf(card)}`;
    }
    case 'button':
      return str(card.buttonUrl) ? buttonCard(str(card.buttonUrl), str(card.buttonText)) : lost();
    case 'embed':
      return (embedCard(str(card.url)) ?? lost(link(str(card.url), str(card.url)))) + captionOf(card);
    case 'gallery': {
      const images = Array.isArray(card.images) ? (card.images as Payload[]) : [];
      const pictures = images
        .filter((image) => str(image.src))
        .map((image) => ({
          src: str(image.src),
          alt: str(image.alt) || undefined,
          width: typeof image.width === 'number' ? String(image.width) : undefined,
          height: typeof image.height === 'number' ? String(image.height) : undefined,
          caption: plainText(parseDocument(`<p>${str(image.caption)}</p>`).children[0] as Element),
        }));
      return `${galleryCards(pictures)}${captionOf(card)}`;
    }
    case 'video':
    case 'audio':
      return str(card.src)
        ? `${mediaLink(name as 'video' | 'audio', str(card.src), str(card.title), losses)}${captionOf(card)}`
        : lost();
    case 'file':
      return str(card.src)
        ? `${mediaLink('file', str(card.src), str(card.fileTitle) || str(card.fileName), losses)}${str(card.fileCaption) ? `<p>${escapeMarkup(str(card.fileCaption))}</p>` : ''}`
        : lost();
    default:
      return lost();
  }
}

// ---- Lexical ------------------------------------------------------------------------------------

interface LexicalNode extends Payload {
  type?: string;
  children?: LexicalNode[];
}

/** Lexical's text format bits (bold 1, italic 2, strikethrough 4, underline 8, code 16, sub 32, sup 64, highlight 128). */
const TEXT_FORMATS: [number, string][] = [
  [16, 'code'],
  [1, 'strong'],
  [2, 'em'],
  [4, 's'],
  [8, 'u'],
  [32, 'sub'],
  [64, 'sup'],
  [128, 'mark'],
];

function lexicalText(node: LexicalNode): string {
  const format = typeof node.format === 'number' ? node.format : 0;
  let html = escapeMarkup(str(node.text));
  for (const [bit, tag] of TEXT_FORMATS) if (format & bit) html = `<${tag}>${html}</${tag}>`;
  return html;
}

function lexicalNodes(nodes: LexicalNode[] | undefined, losses: ContentLoss[]): string {
  return (nodes ?? []).map((node) => lexicalNode(node, losses)).join('');
}

function lexicalNode(node: LexicalNode, losses: ContentLoss[]): string {
  const inner = () => lexicalNodes(node.children, losses);
  const type = str(node.type);
  switch (type) {
    case 'root':
      return inner();
    case 'text':
    case 'extended-text':
      return lexicalText(node);
    case 'tab':
      return ' ';
    case 'linebreak':
      return '<br>';
    case 'paragraph': {
      const content = inner();
      return content ? `<p>${content}</p>` : '';
    }
    case 'heading':
    case 'extended-heading': {
      const tag = /^h[1-6]$/.test(str(node.tag)) ? str(node.tag) : 'h2';
      return `<${tag}>${inner()}</${tag}>`;
    }
    case 'quote':
    case 'extended-quote':
    case 'aside':
      return `<blockquote><p>${inner()}</p></blockquote>`;
    case 'list': {
      const tag = node.listType === 'number' || node.tag === 'ol' ? 'ol' : 'ul';
      return `<${tag}>${inner()}</${tag}>`;
    }
    case 'listitem':
      return `<li>${inner()}</li>`;
    case 'link':
    case 'autolink':
      return `<a href="${escapeMarkup(str(node.url))}">${inner()}</a>`;
    default:
      // Ghost's cards are decorator nodes carrying their payload on the node itself.
      return cardHtml(type, node, losses);
  }
}

/** A Lexical document (the JSON text Ghost stores) as HTML, with the cards it could not keep. */
export function lexicalToHtml(lexical: string): { html: string; losses: ContentLoss[] } {
  const losses: ContentLoss[] = [];
  const document = JSON.parse(lexical) as { root?: LexicalNode };
  return { html: lexicalNode(document.root ?? { type: 'root' }, losses), losses };
}

// ---- Mobiledoc ----------------------------------------------------------------------------------

type Marker = [number, number[], number, string | number];

interface Mobiledoc {
  atoms?: [string, string, Payload][];
  cards?: [string, Payload][];
  markups?: [string, string[]?][];
  sections?: unknown[][];
}

function mobiledocMarkers(doc: Mobiledoc, markers: Marker[]): string {
  const open: string[] = [];
  let html = '';
  for (const [type, opens, closes, value] of markers) {
    for (const index of opens) {
      const [tag = 'span', attributes = []] = doc.markups?.[index] ?? [];
      const pairs: string[] = [];
      for (let i = 0; i + 1 < attributes.length; i += 2)
        pairs.push(` ${attributes[i]}="${escapeMarkup(attributes[i + 1] ?? '')}"`);
      html += `<${tag}${pairs.join('')}>`;
      open.push(tag);
    }
    if (type === 0) html += escapeMarkup(String(value));
    else {
      const [name = '', text = ''] = doc.atoms?.[Number(value)] ?? [];
      html += name === 'soft-return' ? '<br>' : escapeMarkup(text);
    }
    for (let i = 0; i < closes; i += 1) html += `</${open.pop()}>`;
  }
  while (open.length) html += `</${open.pop()}>`;
  return html;
}

/** A Mobiledoc document (the JSON text Ghost stores) as HTML, with the cards it could not keep. */
export function mobiledocToHtml(mobiledoc: string): { html: string; losses: ContentLoss[] } {
  const losses: ContentLoss[] = [];
  const doc = JSON.parse(mobiledoc) as Mobiledoc;
  const html = (doc.sections ?? [])
    .map((section) => {
      const [kind] = section;
      if (kind === 1) {
        const tag = String(section[1]).toLowerCase();
        const content = mobiledocMarkers(doc, section[2] as Marker[]);
        if (!content) return '';
        if (tag === 'aside' || tag === 'pull-quote' || tag === 'blockquote')
          return `<blockquote><p>${content}</p></blockquote>`;
        return `<${tag}>${content}</${tag}>`;
      }
      if (kind === 2) return imageHtml({ src: section[1] });
      if (kind === 3) {
        const tag = String(section[1]).toLowerCase() === 'ol' ? 'ol' : 'ul';
        const items = (section[2] as Marker[][]).map((item) => `<li>${mobiledocMarkers(doc, item)}</li>`);
        return `<${tag}>${items.join('')}</${tag}>`;
      }
      if (kind === 10) {
        const [name = '', payload = {}] = doc.cards?.[Number(section[1])] ?? [];
        return cardHtml(name, payload, losses);
      }
      return '';
    })
    .join('');
  return { html, losses };
}

/**
 * The body of a Ghost post: its `html`, else its Lexical document, else its Mobiledoc one. A document
 * that cannot be read gives an empty body, which the report lists as a lost card `lexical`/`mobiledoc`.
 */
export function ghostPostBody(post: Payload): { html: string; losses: ContentLoss[] } {
  const html = str(post.html);
  if (html.trim()) return { html, losses: [] };
  for (const [column, convert] of [
    ['lexical', lexicalToHtml],
    ['mobiledoc', mobiledocToHtml],
  ] as const) {
    const document = str(post[column]);
    if (!document) continue;
    try {
      return convert(document);
    } catch {
      return { html: '', losses: [{ kind: 'card', name: column, count: 1 }] };
    }
  }
  return { html, losses: [] };
}
