import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import {
  buttonCard,
  calloutCard,
  embedCard,
  galleryCards,
  linkParagraph,
  plainText,
  toggleCard,
} from './import-cards.ts';
import type { ContentLoss } from './import-fidelity.ts';
import { mediaLink, type MediaKind } from './import-media.ts';

/**
 * The cards of a body Ghost drew (its `html`: Koenig's `kg-*-card` markup) as the cards stored
 * here: gallery, embed (by the player's or the post's address), bookmark (a paragraph with the link
 * and title, the description after it), callout, toggle, button; a video, a sound or a file becomes
 * a link to it and is reported. A figure with no image left (a code card's) gives way to what it
 * held, its caption a paragraph. Any other card is reported by name. Nothing here drops text.
 */

const hasClass = (node: Element, name: string) => (node.attribs.class ?? '').split(/\s+/).includes(name);
const find = (root: Element, name: string) =>
  DomUtils.findOne((n) => hasClass(n, name), root.children) ?? undefined;
const findAll = (nodes: Element[], name: string) => DomUtils.findAll((n) => hasClass(n, name), nodes);
const inner = (node: Element | undefined) =>
  node ? DomUtils.getInnerHTML(node, { decodeEntities: false }) : '';
const decode = (value: string): string =>
  DomUtils.textContent(parseDocument(`<p>${value.replace(/</g, '&lt;')}</p>`));

function replace(node: Element, html: string): void {
  for (const fresh of [...parseDocument(html, { decodeEntities: false }).children])
    DomUtils.prepend(node, fresh);
  DomUtils.removeElement(node);
}

const captionAfter = (card: Element) => {
  const caption = DomUtils.findOne((n) => n.name === 'figcaption', card.children);
  return caption ? `<p>${inner(caption)}</p>` : '';
};

/** Ghost's callout colours that stand for a warning. */
/** Ghost's cards that are already what this blog keeps: an image (a figure), code (a code block). */
const KEPT_AS_THEY_ARE = new Set(['image', 'code']);

export const WARNING_COLOURS: ReadonlySet<string> = new Set(['yellow', 'red', 'pink']);

function embedOfCard(card: Element, losses: ContentLoss[]): string {
  const frame = DomUtils.findOne((n) => n.name === 'iframe' && !!n.attribs.src, card.children);
  const links = DomUtils.findAll((n) => n.name === 'a' && !!n.attribs.href, card.children);
  // A tweet is a quote ending in a link to it; a player is a frame of the provider's.
  const addresses = [frame?.attribs.src, links.at(-1)?.attribs.href]
    .filter((a): a is string => !!a)
    .map(decode);
  for (const address of addresses) {
    const embed = embedCard(address);
    if (embed) return `${embed}${captionAfter(card)}`;
  }
  losses.push({ kind: 'card', name: 'embed', count: 1 });
  return `${addresses[0] ? linkParagraph(addresses[0], addresses[0]) : ''}${plainText(card) ? `<p>${inner(card)}</p>` : ''}`;
}

export function ghostContent(html: string): { html: string; losses: ContentLoss[] } {
  const losses: ContentLoss[] = [];
  const document = parseDocument(html, { decodeEntities: false });
  const all = document.children as Element[];

  for (const card of findAll(all, 'kg-gallery-card')) {
    const images = DomUtils.findAll((n) => n.name === 'img' && !!n.attribs.src, card.children).map((img) => ({
      src: decode(img.attribs.src!),
      alt: img.attribs.alt ? decode(img.attribs.alt) : undefined,
      width: img.attribs.width,
      height: img.attribs.height,
    }));
    replace(card, `${galleryCards(images)}${captionAfter(card)}`);
  }
  for (const card of findAll(all, 'kg-embed-card')) replace(card, embedOfCard(card, losses));
  for (const card of findAll(all, 'kg-bookmark-card')) {
    const link = DomUtils.findOne((n) => n.name === 'a' && !!n.attribs.href, card.children);
    const title = plainText(find(card, 'kg-bookmark-title'));
    const description = find(card, 'kg-bookmark-description');
    const href = link ? decode(link.attribs.href!) : '';
    replace(
      card,
      `${href ? linkParagraph(href, title) : ''}${plainText(description) ? `<p>${inner(description)}</p>` : ''}${captionAfter(card)}`,
    );
  }
  for (const card of findAll(all, 'kg-callout-card')) {
    const colour = /\bkg-callout-card-([a-z]+)\b/.exec(card.attribs.class ?? '')?.[1] ?? '';
    replace(
      card,
      calloutCard(
        inner(find(card, 'kg-callout-text')),
        plainText(find(card, 'kg-callout-emoji')),
        WARNING_COLOURS.has(colour) ? 'warning' : 'info',
      ),
    );
  }
  for (const card of findAll(all, 'kg-toggle-card'))
    replace(
      card,
      toggleCard(
        plainText(find(card, 'kg-toggle-heading-text') ?? find(card, 'kg-toggle-heading')),
        inner(find(card, 'kg-toggle-content')),
      ),
    );
  for (const card of findAll(all, 'kg-button-card')) {
    const link = DomUtils.findOne((n) => n.name === 'a' && !!n.attribs.href, card.children);
    replace(card, link ? buttonCard(decode(link.attribs.href!), plainText(link)) : `<p>${inner(card)}</p>`);
  }
  for (const [name, kind] of [
    ['kg-video-card', 'video'],
    ['kg-audio-card', 'audio'],
    ['kg-file-card', 'file'],
  ] as [string, MediaKind][])
    for (const card of findAll(all, name)) {
      const media = DomUtils.findOne(
        (n) =>
          (n.name === 'video' || n.name === 'audio' || n.name === 'a') && !!(n.attribs.src || n.attribs.href),
        card.children,
      );
      const src = media ? decode(media.attribs.src || media.attribs.href!) : '';
      const title = plainText(find(card, 'kg-audio-title') ?? find(card, 'kg-file-card-title'));
      if (src) replace(card, `${mediaLink(kind, src, title, losses)}${captionAfter(card)}`);
    }

  // Any other card (a product, a header, a sign-up form) keeps its text, and is named as lost.
  for (const card of DomUtils.findAll((n) => /\bkg-card\b/.test(n.attribs.class ?? ''), all)) {
    const name = /\bkg-([a-z-]+)-card\b/.exec(card.attribs.class ?? '')?.[1];
    if (name && !KEPT_AS_THEY_ARE.has(name)) losses.push({ kind: 'card', name, count: 1 });
  }

  for (const figure of DomUtils.findAll((n) => n.name === 'figure', all).reverse()) {
    if (DomUtils.findOne((n) => n.name === 'img', figure.children)) continue;
    for (const caption of DomUtils.findAll((n) => n.name === 'figcaption', figure.children)) {
      caption.name = 'p';
      caption.attribs = {};
    }
    for (const child of [...figure.children]) DomUtils.prepend(figure, child);
    DomUtils.removeElement(figure);
  }
  return { html: DomUtils.getOuterHTML(document.children, { decodeEntities: false }), losses };
}
