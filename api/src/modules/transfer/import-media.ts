import type { Document, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { type ContentLoss, INLINE } from './import-fidelity.ts';
import { fileName, linkParagraph } from './import-cards.ts';

/**
 * What a video, a sound or a file of the old blog becomes here: a link to it (this blog has no
 * player of its own), reported as such so the admin knows to upload it again.
 */
export const MEDIA_LOSS = {
  video: 'wideo jako link',
  audio: 'audio jako link',
  file: 'plik jako link',
} as const;

export type MediaKind = keyof typeof MEDIA_LOSS;

/** A link to the media at `src` (its text the caption, else the file's name), and the loss it is. */
export function mediaLink(kind: MediaKind, src: string, caption: string, losses: ContentLoss[]): string {
  losses.push({ kind: 'element', name: MEDIA_LOSS[kind], count: 1 });
  return linkParagraph(src, caption || fileName(src));
}

const IN_TEXT = new Set([...INLINE, 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'figcaption']);

/**
 * Every `<video>` and `<audio>` element as a link to its file (its own `src`, else its first
 * `<source>`); one without a web address is left to the sanitizer, which reports it lost.
 */
export function mediaLinks(document: Document, losses: ContentLoss[]): void {
  for (const media of DomUtils.findAll(
    (node) => node.name === 'video' || node.name === 'audio',
    document.children,
  )) {
    const source = DomUtils.findOne((node) => node.name === 'source' && !!node.attribs.src, media.children);
    const src = decode(media.attribs.src || source?.attribs.src || '');
    if (!/^https?:\/\/[^\s]+$/i.test(src)) continue;
    const html = mediaLink(media.name as MediaKind, src, '', losses);
    const [paragraph] = parseDocument(html, { decodeEntities: false }).children as Element[];
    // Inside a line of text the link alone, not a paragraph in a paragraph.
    const inLine = media.parent?.type === 'tag' && IN_TEXT.has((media.parent as Element).name);
    DomUtils.replaceElement(media, inLine ? (paragraph!.children[0] as Element) : paragraph!);
  }
}

/** An attribute value as written in the file (`&amp;`), as the address it stands for. */
const decode = (value: string): string =>
  DomUtils.textContent(parseDocument(`<p>${value.replace(/</g, '&lt;')}</p>`));
