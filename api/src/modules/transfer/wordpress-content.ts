import { DomUtils, parseDocument } from 'htmlparser2';
import { escapeMarkup } from '../../html/escape-markup.ts';
import type { ChildNode, Element } from 'domhandler';
import type { ContentLoss } from './import-fidelity.ts';

/**
 * Shortcodes WordPress itself registers. Any other `[name]` without attributes or a closing tag is
 * taken for text (`[sic]`), since only plugins know their own names.
 */
const CORE_SHORTCODES = new Set(['audio', 'caption', 'embed', 'gallery', 'playlist', 'video', 'wp_caption']);

const SHORTCODE = /\[(\/?)([a-zA-Z][\w-]*)((?:\s[^\]]*)?)\]/g;

/** `[caption]<a><img></a> Words[/caption]` (or the older `caption="Words"`) as the editor's figure. */
function captionFigure(attributes: string, inner: string): string {
  const image = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
  const fromAttribute = /\scaption="([^"]*)"/i.exec(attributes)?.[1];
  if (!image) return inner;
  const caption = (image[2] ?? '').trim() || fromAttribute || '';
  return `<figure>${image[1]}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
}

/**
 * The shortcodes of a WordPress body: `[caption]` becomes a figure with its caption; every other one
 * leaves its tags behind (what it wrapped stays) and is reported, since only the plugin that drew it
 * knew what it showed. `[embed]address[/embed]` keeps its address as a link.
 */
function shortcodes(html: string, losses: ContentLoss[]): string {
  const opened = new Set<string>();
  for (const [, slash, name] of html.matchAll(SHORTCODE)) if (slash) opened.add(name!.toLowerCase());
  const isShortcode = (name: string, attributes: string) =>
    CORE_SHORTCODES.has(name) || opened.has(name) || attributes.trim() !== '';
  const withCaptions = html.replace(
    /\[(caption|wp_caption)(\s[^\]]*)?\]([\s\S]*?)\[\/\1\]/gi,
    (_all, _name: string, attributes: string | undefined, inner: string) =>
      captionFigure(attributes ?? '', inner),
  );
  const withEmbeds = withCaptions.replace(
    /\[embed[^\]]*\]\s*(https?:\/\/[^\s[<]+)\s*\[\/embed\]/gi,
    (_all, url: string) => {
      losses.push({ kind: 'shortcode', name: 'embed', count: 1 });
      return `<a href="${escapeMarkup(url)}">${escapeMarkup(url)}</a>`;
    },
  );
  return withEmbeds.replace(SHORTCODE, (all, slash: string, rawName: string, attributes: string) => {
    const name = rawName.toLowerCase();
    if (!isShortcode(name, attributes)) return all;
    if (!slash) losses.push({ kind: 'shortcode', name, count: 1 });
    return '';
  });
}

/**
 * Blocks WordPress draws when it shows the page (latest posts, a search form, an archive): the export
 * holds only their comment, so what they showed cannot come along. Each is reported as it is named.
 */
function dynamicBlocks(html: string, losses: ContentLoss[]): void {
  // Block attributes are JSON, which never holds `-->`: the match stays inside one comment.
  for (const [, name] of html.matchAll(
    /<!--\s*wp:([a-z][a-z0-9/-]*)(?:\s+\{(?:(?!-->)[\s\S])*?\})?\s*\/-->/g,
  ))
    losses.push({ kind: 'element', name: `wp:${name}`, count: 1 });
}

const hasClass = (node: Element, name: string) => (node.attribs.class ?? '').split(/\s+/).includes(name);
const elements = (nodes: ChildNode[], test: (node: Element) => boolean): Element[] =>
  DomUtils.findAll((node) => test(node), nodes);

/** Puts a node's children in its place. */
function unwrap(node: Element): void {
  for (const child of [...node.children]) DomUtils.prepend(node, child);
  DomUtils.removeElement(node);
}

function rename(node: Element, name: string, attribs: Record<string, string> = {}): void {
  node.name = name;
  node.attribs = attribs;
}

/** The first node of `html` in place of `node`. */
function replaceWith(node: Element, html: string): void {
  const [fresh] = parseDocument(html).children;
  if (fresh) DomUtils.replaceElement(node, fresh);
  else DomUtils.removeElement(node);
}

/**
 * The block editor's markup (and the classic editor's rendered galleries) reshaped into what this
 * blog keeps, before the sanitizer: nothing here drops text.
 * - An embed (`wp-block-embed`, a YouTube or X address) keeps its address as a link and is reported.
 * - A gallery keeps each image (as a figure where it had one) and is reported as a gallery.
 * - A figure without an image (a pull quote, a table, a video) gives way to what it held; its
 *   caption becomes a paragraph.
 * - `<pre>` without `<code>` (wp:preformatted, wp:verse) gets one, as the editor's code blocks have.
 * - A quote's `<cite>` becomes its last paragraph („— Author”); any other `<cite>` is italic.
 */
function blockMarkup(html: string, losses: ContentLoss[]): string {
  const document = parseDocument(html, { decodeEntities: false });
  const all = document.children;

  for (const embed of elements(all, (n) => n.name === 'figure' && hasClass(n, 'wp-block-embed'))) {
    const url = /https?:\/\/\S+/.exec(DomUtils.textContent(embed))?.[0];
    const named = /\bis-provider-([a-z0-9-]+)/.exec(embed.attribs.class ?? '')?.[1];
    losses.push({
      kind: 'element',
      name: `embed (${named ?? (url ? provider(url) : 'wordpress')})`,
      count: 1,
    });
    const caption = elements(embed.children, (n) => n.name === 'figcaption')[0];
    replaceWith(
      embed,
      `<p>${url ? `<a href="${escapeMarkup(url)}">${escapeMarkup(url)}</a>` : ''}${caption ? ` ${DomUtils.getInnerHTML(caption)}` : ''}</p>`,
    );
  }

  const galleries = elements(
    all,
    (n) =>
      (n.name === 'figure' && hasClass(n, 'wp-block-gallery')) ||
      (n.name === 'div' && (hasClass(n, 'gallery') || hasClass(n, 'tiled-gallery'))),
  );
  for (const gallery of galleries) {
    losses.push({ kind: 'element', name: 'gallery', count: 1 });
    for (const list of elements(gallery.children, (n) => n.name === 'ul' || n.name === 'li')) unwrap(list);
    rename(gallery, 'div');
  }

  for (const figure of elements(all, (n) => n.name === 'figure').reverse()) {
    if (elements(figure.children, (n) => n.name === 'img').length > 0) continue;
    for (const caption of elements(figure.children, (n) => n.name === 'figcaption')) rename(caption, 'p');
    unwrap(figure);
  }

  for (const pre of elements(all, (n) => n.name === 'pre')) {
    if (pre.children.some((child) => child.type === 'tag' && (child as Element).name === 'code')) continue;
    const code = parseDocument('<code></code>').children[0] as Element;
    for (const child of [...pre.children]) DomUtils.appendChild(code, child);
    DomUtils.appendChild(pre, code);
  }

  for (const cite of elements(all, (n) => n.name === 'cite')) {
    if (quoteAround(cite)) {
      rename(cite, 'p');
      DomUtils.prependChild(cite, parseDocument('— ').children[0]!);
    } else rename(cite, 'em');
  }
  return DomUtils.getOuterHTML(document.children, { decodeEntities: false });
}

function quoteAround(node: Element): Element | null {
  for (let parent = node.parent; parent; parent = parent.parent)
    if (parent.type === 'tag' && (parent as Element).name === 'blockquote') return parent as Element;
  return null;
}

/** Bare provider addresses on a line of their own: WordPress showed them as embeds. */
const BARE_EMBED =
  /<p>\s*(https?:\/\/(?:www\.)?(?:youtube\.com|youtu\.be|vimeo\.com|twitter\.com|x\.com|open\.spotify\.com|soundcloud\.com|codepen\.io)\/[^\s<]*)\s*<\/p>/gi;

/** The provider of an embed's address, as WordPress names it (`is-provider-youtube`). */
function provider(url: string): string {
  const host = new URL(url).hostname.replace(/^(www|open)\./, '');
  if (host === 'youtu.be') return 'youtube';
  if (host === 'x.com') return 'twitter';
  return host.split('.')[0] ?? host;
}

function bareEmbeds(html: string, losses: ContentLoss[]): string {
  return html.replace(BARE_EMBED, (_all, url: string) => {
    losses.push({ kind: 'element', name: `embed (${provider(url)})`, count: 1 });
    return `<p><a href="${escapeMarkup(url)}">${escapeMarkup(url)}</a></p>`;
  });
}

/**
 * A WordPress body as close to this blog's content as it can come, and what could not: shortcodes
 * and dynamic blocks it held, embeds and galleries it showed. Elements the sanitizer drops later
 * (tables, frames, forms) are measured against the stored post (import-fidelity.ts).
 */
export function wordpressContent(html: string): { html: string; losses: ContentLoss[] } {
  const losses: ContentLoss[] = [];
  dynamicBlocks(html, losses);
  const mapped = blockMarkup(bareEmbeds(shortcodes(html, losses), losses), losses);
  return { html: mapped, losses };
}
