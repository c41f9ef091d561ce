import {
  CALLOUT_KINDS,
  CARD_CLASSES,
  type CalloutKind,
  embedOf,
  GALLERY_IMAGES,
  isCalloutEmoji,
} from '@blog/shared/post-cards';
import type { ChildNode, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { escapeMarkup } from '../../html/escape-markup.ts';
import { INLINE } from './import-fidelity.ts';

/**
 * The cards of a post body as the importers write them: exactly the stored HTML fixed in
 * @blog/shared/post-cards (the editor writes the same), built here once for WordPress and Ghost.
 */

export interface GalleryImage {
  src: string;
  alt?: string;
  width?: string;
  height?: string;
  /** Plain text. */
  caption?: string;
}

function figure(image: GalleryImage): string {
  const attributes = [`src="${escapeMarkup(image.src)}"`];
  if (image.alt) attributes.push(`alt="${escapeMarkup(image.alt)}"`);
  if (image.width) attributes.push(`width="${escapeMarkup(image.width)}"`);
  if (image.height) attributes.push(`height="${escapeMarkup(image.height)}"`);
  const caption = image.caption?.trim();
  return `<figure><img ${attributes.join(' ')}>${caption ? `<figcaption>${escapeMarkup(caption)}</figcaption>` : ''}</figure>`;
}

/**
 * Images as galleries of GALLERY_IMAGES.min..max figures: more than fit one become several of
 * (nearly) equal size, in order; a single image is a figure of its own.
 */
export function galleryCards(images: GalleryImage[]): string {
  if (images.length === 0) return '';
  if (images.length < GALLERY_IMAGES.min) return images.map(figure).join('');
  const groups = Math.ceil(images.length / GALLERY_IMAGES.max);
  const size = Math.floor(images.length / groups);
  const cards: string[] = [];
  let start = 0;
  for (let group = 0; group < groups; group += 1) {
    const end = start + size + (group < images.length % groups ? 1 : 0);
    cards.push(`<div class="${CARD_CLASSES.gallery}">${images.slice(start, end).map(figure).join('')}</div>`);
    start = end;
  }
  return cards.join('');
}

/** An embed card for a provider's address (its text the address), or null for any other address. */
export function embedCard(address: string): string | null {
  const embed = embedOf(address);
  if (!embed) return null;
  const url = escapeMarkup(embed.url);
  return `<div class="${CARD_CLASSES.embed}" data-provider="${embed.provider}"><a href="${url}">${url}</a></div>`;
}

export const buttonCard = (href: string, text: string): string =>
  `<div class="${CARD_CLASSES.button}"><a href="${escapeMarkup(href)}">${escapeMarkup(text.trim() || href)}</a></div>`;

/** A paragraph linking to an address: what a video, a sound or a file can still be. */
export const linkParagraph = (href: string, text: string): string =>
  `<p><a href="${escapeMarkup(href)}">${escapeMarkup(text.trim() || href)}</a></p>`;

/** The name of a file at an address (`film.mp4`), for a link to it. */
export function fileName(address: string): string {
  try {
    return decodeURIComponent(new URL(address).pathname.split('/').pop() ?? '') || address;
  } catch {
    return address;
  }
}

/** A callout card; a colour the source gave it reads as a warning when it is a warning's colour. */
export function calloutCard(contentHtml: string, emoji: string, kind: CalloutKind = 'info'): string {
  const icon = emoji.trim();
  const emojiAttribute = icon && isCalloutEmoji(icon) ? ` data-emoji="${escapeMarkup(icon)}"` : '';
  const safeKind = CALLOUT_KINDS.includes(kind) ? kind : 'info';
  return `<div class="${CARD_CLASSES.callout}" data-callout="${safeKind}"${emojiAttribute}>${asBlocks(contentHtml)}</div>`;
}

/** A toggle card: its title as plain text, its content as blocks. */
export const toggleCard = (title: string, contentHtml: string): string =>
  `<details><summary>${escapeMarkup(title.replace(/\s+/g, ' ').trim())}</summary>${asBlocks(contentHtml)}</details>`;

/** Elements that stay inside a line of text: a run of them (and text) is one paragraph. */
const IN_LINE = new Set([...INLINE, 'img', 'br']);

const isInline = (node: ChildNode): boolean =>
  node.type === 'text' || (node.type === 'tag' && IN_LINE.has((node as Element).name));

/**
 * Nodes as the editor's blocks: each run of text and inline elements becomes a paragraph (a run of
 * only whitespace goes), blocks stay as they are. A cell, a toggle or a callout holds only blocks.
 */
export function blocksOf(nodes: ChildNode[]): string {
  let html = '';
  let run: ChildNode[] = [];
  const flush = () => {
    const inner = DomUtils.getOuterHTML(run, { decodeEntities: false });
    if (inner.trim()) html += `<p>${inner.trim()}</p>`;
    run = [];
  };
  for (const node of nodes) {
    if (node.type === 'comment') continue;
    if (isInline(node)) run.push(node);
    else {
      flush();
      html += DomUtils.getOuterHTML(node, { decodeEntities: false });
    }
  }
  flush();
  return html;
}

export const asBlocks = (html: string): string =>
  blocksOf(parseDocument(html, { decodeEntities: false }).children);

/**
 * Plain text of an element (a caption, a title), spaces collapsed and entities read (the importers
 * parse without decoding, so that what they leave alone is written back as it came).
 */
export const plainText = (node: Element | undefined): string =>
  node
    ? DomUtils.textContent(parseDocument(DomUtils.getOuterHTML(node, { decodeEntities: false })))
        .replace(/\s+/g, ' ')
        .trim()
    : '';
