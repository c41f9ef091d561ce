import { DomUtils, parseDocument } from 'htmlparser2';
import { escapeMarkup } from '../../html/escape-markup.ts';
import type { ChildNode, Element } from 'domhandler';
import type { ContentLoss } from './import-fidelity.ts';
import {
  buttonCard,
  embedCard,
  fileName,
  type GalleryImage,
  galleryCards,
  plainText,
  toggleCard,
} from './import-cards.ts';
import { MEDIA_LOSS, mediaLinks } from './import-media.ts';

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

function embedLink(url: string, losses: ContentLoss[]): string {
  losses.push({ kind: 'shortcode', name: 'embed', count: 1 });
  return `<a href="${escapeMarkup(url)}">${escapeMarkup(url)}</a>`;
}

/**
 * The shortcodes of a WordPress body: `[caption]` becomes a figure with its caption; every other one
 * leaves its tags behind (what it wrapped stays) and is reported, since only the plugin that drew it
 * knew what it showed. `[embed]address[/embed]` becomes an embed card (another address a link),
 * `[video]`/`[audio]` with an address a link to the file (reported as such).
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
    /(<p>\s*)?\[embed[^\]]*\]\s*(https?:\/\/[^\s[<]+)\s*\[\/embed\](\s*<\/p>)?/gi,
    (all, open: string | undefined, url: string, close: string | undefined) => {
      const card = embedCard(url);
      // A card is a block: it leaves the paragraph the shortcode stood in alone on its line.
      if (card) return open && close ? card : `${open ?? ''}${card}${close ?? ''}`;
      if (open || close) return `${open ?? ''}${embedLink(url, losses)}${close ?? ''}`;
      return embedLink(url, losses);
    },
  );
  const withMedia = withEmbeds.replace(
    /\[(video|audio)(\s[^\]]*)\](?:\s*\[\/\1\])?/gi,
    (all, name: string, attributes: string) => {
      const src = /(?:^|\s)(?:(?:src|mp4|m4v|webm|ogv|mp3|m4a|ogg|wav)=["']?)?(https?:\/\/[^\s"'\]]+)/i.exec(
        attributes,
      )?.[1];
      if (!src) return all;
      const kind = name.toLowerCase() as 'video' | 'audio';
      losses.push({ kind: 'element', name: MEDIA_LOSS[kind], count: 1 });
      return `<a href="${escapeMarkup(src)}">${escapeMarkup(fileName(src))}</a>`;
    },
  );
  return withMedia.replace(SHORTCODE, (all, slash: string, rawName: string, attributes: string) => {
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

/** The nodes of `html` in place of `node`. */
function replaceAll(node: Element, html: string): void {
  for (const fresh of [...parseDocument(html, { decodeEntities: false }).children])
    DomUtils.prepend(node, fresh);
  DomUtils.removeElement(node);
}

/** The first node of `html` in place of `node`. */
function replaceWith(node: Element, html: string): void {
  const [fresh] = parseDocument(html).children;
  if (fresh) DomUtils.replaceElement(node, fresh);
  else DomUtils.removeElement(node);
}

/** The images of a gallery, each with its own caption (block galleries) or its item's (classic ones). */
function galleryImages(gallery: Element, losses: ContentLoss[]): GalleryImage[] {
  return elements(gallery.children, (n) => n.name === 'img' && !!n.attribs.src).map((img) => {
    const item = closest(img, (n) => n.name === 'figure' || n.name === 'dl' || hasClass(n, 'gallery-item'));
    const caption = item
      ? elements(item.children, (n) => n.name === 'figcaption' || hasClass(n, 'wp-caption-text'))[0]
      : undefined;
    const link = closest(img, (n) => n.name === 'a' && !!n.attribs.href);
    // A link to the image itself or its attachment page is the gallery's zoom: the card has its own.
    if (link && !linksToMedia(link.attribs.href!))
      losses.push({ kind: 'element', name: 'link w galerii', count: 1 });
    return {
      src: decodeAttribute(img.attribs.src!),
      alt: img.attribs.alt ? decodeAttribute(img.attribs.alt) : undefined,
      width: img.attribs.width,
      height: img.attribs.height,
      caption: plainText(caption),
    };
  });
}

const linksToMedia = (href: string): boolean =>
  /\.(jpe?g|png|gif|webp|avif|bmp|svg)(\?.*)?$/i.test(href) ||
  /[?&]attachment_id=|\/attachment\//i.test(href);

const decodeAttribute = (value: string): string =>
  DomUtils.textContent(parseDocument(`<p>${value.replace(/</g, '&lt;')}</p>`));

function closest(node: Element, test: (node: Element) => boolean): Element | undefined {
  for (let parent = node.parent; parent && parent.type === 'tag'; parent = parent.parent)
    if (test(parent as Element)) return parent as Element;
  return undefined;
}

/**
 * The block editor's markup (and the classic editor's rendered galleries) reshaped into what this
 * blog keeps, before the sanitizer: nothing here drops text.
 * - An embed of a known provider becomes an embed card, its caption the paragraph after it; any
 *   other keeps its address as a link and is reported.
 * - A gallery becomes gallery cards (post-cards.ts), its caption the paragraph after them.
 * - A video or a sound becomes a link to its file, reported (import-media.ts).
 * - A details block becomes a toggle card; each button of a buttons block a button card.
 * - A figure without an image (a pull quote, a table) gives way to what it held; its caption
 *   becomes a paragraph.
 * - `<pre>` without `<code>` (wp:preformatted, wp:verse) gets one, as the editor's code blocks have.
 * - A quote's `<cite>` becomes its last paragraph („— Author”); any other `<cite>` is italic.
 * - Tables become table cards (import-tables.ts, for every source).
 */
function blockMarkup(html: string, losses: ContentLoss[]): string {
  const document = parseDocument(html, { decodeEntities: false });
  const all = document.children;

  for (const embed of elements(all, (n) => n.name === 'figure' && hasClass(n, 'wp-block-embed'))) {
    const url = /https?:\/\/[^\s<]+/.exec(DomUtils.textContent(embed))?.[0];
    const caption = elements(embed.children, (n) => n.name === 'figcaption')[0];
    const after = caption ? `<p>${DomUtils.getInnerHTML(caption, { decodeEntities: false })}</p>` : '';
    const card = url ? embedCard(decodeAttribute(url)) : null;
    if (card) {
      replaceAll(embed, `${card}${after}`);
      continue;
    }
    const named = /\bis-provider-([a-z0-9-]+)/.exec(embed.attribs.class ?? '')?.[1];
    losses.push({
      kind: 'element',
      name: `embed (${named ?? (url ? provider(url) : 'wordpress')})`,
      count: 1,
    });
    replaceWith(
      embed,
      `<p>${url ? `<a href="${url}">${url}</a>` : ''}${caption ? ` ${DomUtils.getInnerHTML(caption, { decodeEntities: false })}` : ''}</p>`,
    );
  }

  const galleries = elements(
    all,
    (n) =>
      (n.name === 'figure' && hasClass(n, 'wp-block-gallery')) ||
      (n.name === 'div' && (hasClass(n, 'gallery') || hasClass(n, 'tiled-gallery'))),
  );
  // Outer galleries only: a gallery in a gallery (a block gallery's own images) is part of it.
  for (const gallery of galleries.filter((g) => !closest(g, (n) => galleries.includes(n)))) {
    const caption = gallery.children.find(
      (n): n is Element =>
        n.type === 'tag' &&
        ((n as Element).name === 'figcaption' || hasClass(n as Element, 'blocks-gallery-caption')),
    );
    const after = caption ? `<p>${DomUtils.getInnerHTML(caption, { decodeEntities: false })}</p>` : '';
    replaceAll(gallery, `${galleryCards(galleryImages(gallery, losses))}${after}`);
  }

  mediaLinks(document, losses);

  for (const details of elements(all, (n) => n.name === 'details')) {
    const summary = details.children.find(
      (n): n is Element => n.type === 'tag' && (n as Element).name === 'summary',
    );
    const content = details.children.filter((n) => n !== summary);
    replaceAll(
      details,
      toggleCard(plainText(summary), DomUtils.getOuterHTML(content, { decodeEntities: false })),
    );
  }

  for (const button of elements(all, (n) => n.name === 'div' && hasClass(n, 'wp-block-button'))) {
    const link = elements(button.children, (n) => n.name === 'a')[0];
    const text = plainText(link ?? button);
    const href = link?.attribs.href ? decodeAttribute(link.attribs.href) : '';
    replaceAll(button, href ? buttonCard(href, text) : text ? `<p>${escapeMarkup(text)}</p>` : '');
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

/** An address on a line of its own: WordPress showed it as an embed when its provider had one. */
const BARE_ADDRESS = /<p>\s*(https?:\/\/[^\s<]+)\s*<\/p>/gi;

/** The provider of an embed's address, as WordPress names it (`is-provider-youtube`). */
function provider(url: string): string {
  try {
    const host = new URL(url).hostname.replace(/^(www|open)\./, '');
    if (host === 'youtu.be') return 'youtube';
    if (host === 'x.com') return 'twitter';
    return host.split('.')[0] ?? host;
  } catch {
    return 'wordpress';
  }
}

function bareEmbeds(html: string): string {
  return html.replace(BARE_ADDRESS, (all, url: string) => embedCard(decodeAttribute(url)) ?? all);
}

/**
 * A WordPress body as close to this blog's content as it can come, and what could not: shortcodes
 * and dynamic blocks it held, embeds and galleries it showed. Elements the sanitizer drops later
 * (tables, frames, forms) are measured against the stored post (import-fidelity.ts).
 */
export function wordpressContent(html: string): { html: string; losses: ContentLoss[] } {
  const losses: ContentLoss[] = [];
  dynamicBlocks(html, losses);
  const mapped = blockMarkup(bareEmbeds(shortcodes(html, losses)), losses);
  return { html: mapped, losses };
}
