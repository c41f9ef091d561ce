import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { cardFrameAttributes } from '@blog/shared/post-cards';
import sanitizeHtml from 'sanitize-html';
import { htmlToText } from '../../html/html-text.ts';
import { sanitizePostHtml } from '../../html/sanitize-html.ts';
import {
  type ContentLoss,
  lostElements,
  mergeLosses,
  readableText,
  type WordCount,
  wordsKept,
} from './import-fidelity.ts';
import type { TransferDocument } from './transfer-document.ts';
import { ghostContent } from './ghost-html.ts';
import { tableCards } from './import-tables.ts';
import { wordpressContent } from './wordpress-content.ts';

/**
 * A body of the file in this blog's terms, before the sanitizer: a WordPress body's blocks and
 * shortcodes and a Ghost body's cards as the cards stored here, and every table as a table card.
 */
export function mappedContent(
  html: string,
  source: TransferDocument['source']['kind'],
): { html: string; losses: ContentLoss[] } {
  const mapped =
    source === 'wordpress'
      ? wordpressContent(html)
      : source === 'ghost'
        ? ghostContent(html)
        : { html, losses: [] };
  const document = parseDocument(mapped.html, { decodeEntities: false });
  tableCards(document);
  return { html: DomUtils.getOuterHTML(document.children, { decodeEntities: false }), losses: mapped.losses };
}

/** What the editor could never have written and the sanitizer drops: reported per post. */
const UNSAFE = /<\s*(script|iframe|object|embed|style|form|svg)\b|\son[a-z]+\s*=|javascript\s*:/i;

/** Every <img src> of a post body, in order, without repeats. */
export function imageSources(html: string): string[] {
  const sources = new Set<string>();
  // Tags are read before any attribute check, so relative and data: addresses are seen too.
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      img: (tagName, attribs) => {
        if (attribs.src) sources.add(attribs.src);
        return { tagName, attribs };
      },
    },
  });
  return [...sources];
}

/** Parts of a block the sanitizer drops whose text stands as a line of its own. */
const LINES = new Set(['dt', 'dd']);

/** Blocks that only wrap others, which the editor has no element for: their edges part words. */
const WRAPPERS = new Set([
  'div',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'nav',
  'main',
  'address',
  'center',
  'dl',
  'form',
  'fieldset',
  'video',
  'audio',
]);

const text = (data: string) => parseDocument(data).children[0]!;

/**
 * Text of blocks the sanitizer drops (a definition list, a `<div>`) kept readable: without this,
 * `<dt>Term</dt><dd>Meaning</dd>` would be stored as `TermMeaning`. A term and its definition become
 * paragraphs; every other block is set apart by line breaks, which a browser shows as a space. Code
 * blocks keep their own spacing. (Tables and toggles are cards by then: import-tables.ts.)
 */
export function keepWordsApart(html: string): string {
  const document = parseDocument(html, { decodeEntities: false });
  for (const node of DomUtils.findAll(() => true, document.children)) {
    if (insidePre(node)) continue;
    if (LINES.has(node.name)) {
      node.name = 'p';
      node.attribs = {};
      continue;
    }
    // A card's frame stays: nothing to set apart.
    if (!WRAPPERS.has(node.name) || (node.name === 'div' && cardFrameAttributes(node.attribs))) continue;
    DomUtils.prepend(node, text('\n'));
    DomUtils.append(node, text('\n'));
  }
  return DomUtils.getOuterHTML(document.children, { decodeEntities: false });
}

function insidePre(node: Element): boolean {
  for (let parent = node.parent; parent; parent = parent.parent)
    if (parent.type === 'tag' && (parent as Element).name === 'pre') return true;
  return false;
}

/**
 * The body as it is stored: reshaped into what this blog keeps (mappedContent), each image replaced by its imported copy (an absolute address of this
 * blog, the only kind of image address the editor's allow-list keeps), then sanitized with that
 * allow-list. `unsafe` says whether anything hostile was there to drop; `losses` names every element,
 * shortcode or block of the file the stored body does not have, and `words` counts the words of the
 * file's text the stored text still holds, so no post is shortened without a word in the report.
 */
export function importedPostHtml(
  html: string,
  images: ReadonlyMap<string, string>,
  source: TransferDocument['source']['kind'] = 'blog',
): { content: string; contentText: string; unsafe: boolean; losses: ContentLoss[]; words: WordCount } {
  const mapped = mappedContent(html, source);
  const rewritten = sanitizeHtml(keepWordsApart(mapped.html), {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      img: (tagName, attribs) => {
        const replacement = attribs.src ? images.get(attribs.src) : undefined;
        return { tagName, attribs: replacement ? { ...attribs, src: replacement } : attribs };
      },
    },
  });
  // Dropped block-editor comments and embeds leave blank lines behind: one newline between tags is
  // the same whitespace to a browser.
  const content = sanitizePostHtml(rewritten)
    .replace(/>\s*\n\s*</g, '>\n<')
    .trim();
  const contentText = htmlToText(content);
  return {
    content,
    contentText,
    unsafe: UNSAFE.test(html),
    losses: mergeLosses(mapped.losses, lostElements(rewritten, content)),
    words: wordsKept(readableText(mapped.html), readableText(content)),
  };
}
