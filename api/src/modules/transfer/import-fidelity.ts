import { CARD_CLASSES, cardKindOf } from '@blog/shared/post-cards';
import { Parser } from 'htmlparser2';

/**
 * Something of a post that did not come in: an HTML element the blog cannot keep (`iframe`, `table`,
 * `video`), a WordPress shortcode (`[contact-form-7]`) or a Ghost card (`bookmark`), and how many.
 */
export interface ContentLoss {
  kind: 'element' | 'shortcode' | 'card';
  name: string;
  count: number;
}

/**
 * What a reader of a file already lost while turning a post into HTML (a Ghost card with no HTML
 * of its own), by the post it read: the importer adds it to what the sanitizer drops.
 */
export const readerLosses = new WeakMap<object, ContentLoss[]>();

/** Words of the post's text in the file, and how many of them the stored post still has. */
export interface WordCount {
  source: number;
  kept: number;
}

/**
 * Elements that only hold other content or style it, whose text stays when they go: losing one is
 * not losing anything a reader sees. Parts of a bigger element (a table's cells, a form's fields, a
 * video's sources) are counted with it, so one lost table reads `table ×1`, not forty cells.
 */
const NOT_COUNTED = new Set([
  'html',
  'head',
  'body',
  'meta',
  'title',
  'link',
  'div',
  'span',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'nav',
  'aside',
  'font',
  'center',
  'wbr',
  'picture',
  'p',
  'br',
  // parts of a table, a definition list, a form, media
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'colgroup',
  'col',
  'dt',
  'dd',
  'input',
  'select',
  'option',
  'optgroup',
  'textarea',
  'button',
  'label',
  'fieldset',
  'legend',
  'source',
  'track',
  'param',
]);

/**
 * Elements that are one thing to a reader however they are spelled: a heading of any level (the
 * editor keeps fewer levels than HTML has, and keeps more of them over time), bold, italic,
 * strikethrough. Each is matched against the stored post as its group.
 */
function groupOf(name: string): string {
  if (/^h[1-6]$/.test(name)) return 'heading';
  if (name === 'b' || name === 'strong') return 'strong';
  if (name === 'i' || name === 'em') return 'em';
  if (name === 's' || name === 'strike' || name === 'del') return 's';
  return name;
}

/**
 * How many of each element the HTML holds. A link counts only with an address, an image only with a
 * source: an `<a>` without one is no link to a reader. A card's frame counts as its class
 * (`gallery-card`), so a card the sanitizer refused is named as lost.
 */
export function elementCounts(html: string): Map<string, number> {
  const counts = new Map<string, number>();
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'a' && !attribs.href) return;
        if (name === 'img' && !attribs.src) return;
        const card = name === 'div' ? cardKindOf(attribs.class) : null;
        const counted = card ? CARD_CLASSES[card] : name;
        counts.set(counted, (counts.get(counted) ?? 0) + 1);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return counts;
}

/**
 * The elements of `source` that `stored` no longer has, by name. Elements one thing to a reader
 * (groupOf) are matched as a group; a group's shortfall is put on the names the stored post does not
 * use first (an h5 that became an h3 is kept, an h5 dropped is lost), the deepest heading first.
 */
export function lostElements(source: string, stored: string): ContentLoss[] {
  const before = elementCounts(source);
  const after = new Map<string, number>();
  for (const [name, count] of elementCounts(stored))
    after.set(groupOf(name), (after.get(groupOf(name)) ?? 0) + count);
  const groups = new Map<string, string[]>();
  for (const name of before.keys()) {
    if (NOT_COUNTED.has(name)) continue;
    groups.set(groupOf(name), [...(groups.get(groupOf(name)) ?? []), name]);
  }
  const storedNames = new Set(elementCounts(stored).keys());
  const losses: ContentLoss[] = [];
  for (const [group, names] of groups) {
    let missing = names.reduce((sum, name) => sum + before.get(name)!, 0) - (after.get(group) ?? 0);
    const ordered = names.sort(
      (a, b) => Number(storedNames.has(a)) - Number(storedNames.has(b)) || b.localeCompare(a),
    );
    for (const name of ordered) {
      if (missing <= 0) break;
      const count = Math.min(missing, before.get(name)!);
      losses.push({ kind: 'element', name, count });
      missing -= count;
    }
  }
  return losses.sort((a, b) => a.name.localeCompare(b.name));
}

/** Elements whose content is no text a reader reads (script, style, a frame's fallback). */
const NOT_TEXT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
]);

/** Elements inside a line of text: they never part two words (`Mark<sup>2</sup>` is one word). */
export const INLINE = new Set([
  'a',
  'abbr',
  'acronym',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
]);

/** The text of HTML a reader reads, without comments, scripts and styles; blocks part words. */
export function readableText(html: string): string {
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (NOT_TEXT.has(name)) hidden += 1;
        if (!INLINE.has(name)) parts.push(' ');
      },
      onclosetag(name) {
        if (NOT_TEXT.has(name)) hidden = Math.max(0, hidden - 1);
        if (!INLINE.has(name)) parts.push(' ');
      },
      ontext(text) {
        if (hidden === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('');
}

/** Words: runs of letters and digits in any script (so `zażółć` is one word, `2024` another). */
export const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Words of `sourceText` and how many the stored text still holds (each counted as often as it occurs). */
export function wordsKept(sourceText: string, storedText: string): WordCount {
  const stored = new Map<string, number>();
  for (const word of words(storedText)) stored.set(word, (stored.get(word) ?? 0) + 1);
  let source = 0;
  let kept = 0;
  for (const word of words(sourceText)) {
    source += 1;
    const left = stored.get(word) ?? 0;
    if (left > 0) {
      kept += 1;
      stored.set(word, left - 1);
    }
  }
  return { source, kept };
}

/** Losses of the same kind and name added up, in a stable order. */
export function mergeLosses(...lists: ContentLoss[][]): ContentLoss[] {
  const merged = new Map<string, ContentLoss>();
  for (const loss of lists.flat()) {
    const key = `${loss.kind}:${loss.name}`;
    const found = merged.get(key);
    if (found) found.count += loss.count;
    else merged.set(key, { ...loss });
  }
  return [...merged.values()].sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
}
