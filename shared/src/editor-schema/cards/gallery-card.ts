import { Node } from '@tiptap/core';
import type { DOMOutputSpec } from '@tiptap/pm/model';
import { CARD_CLASSES, GALLERY_IMAGES } from '../../post-cards.ts';
import type { FigureImageAttributes } from '../figure-image.ts';
import { ATOM_CARD } from './atom-card.ts';

/**
 * One image of a gallery, as the image dialog uploads it (the src is the full image): an image
 * node's attributes without the figure and link around it.
 */
export type GalleryImage = Omit<FigureImageAttributes, 'figure' | 'href' | 'linkTarget'>;

const IMAGE_ATTRIBUTES = ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height'] as const;

const pixels = (value: string | null): number | null => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};

/** A gallery's figure: an image, alone or linked, then at most a plain-text caption. */
function imageOfFigure(figure: Element): GalleryImage | null {
  if (figure.tagName !== 'FIGURE') return null;
  for (const child of Array.from(figure.childNodes)) {
    if (child.nodeType === child.TEXT_NODE && child.textContent?.trim()) return null;
  }
  const [first, caption, ...rest] = Array.from(figure.children);
  if (rest.length > 0 || (caption && (caption.tagName !== 'FIGCAPTION' || caption.children.length > 0))) {
    return null;
  }
  const img = first?.tagName === 'A' && first.children.length === 1 ? first.children[0] : first;
  const src = img?.tagName === 'IMG' ? img.getAttribute('src') : null;
  if (!img || !src || /^\s*data:/i.test(src)) return null;
  return {
    src,
    srcset: img.getAttribute('srcset'),
    sizes: img.getAttribute('sizes'),
    alt: img.getAttribute('alt'),
    title: img.getAttribute('title'),
    width: pixels(img.getAttribute('width')),
    height: pixels(img.getAttribute('height')),
    caption: caption?.textContent?.trim() || null,
  };
}

function galleryAttributes(element: HTMLElement) {
  const figures = Array.from(element.children);
  if (figures.length < GALLERY_IMAGES.min || figures.length > GALLERY_IMAGES.max) return false;
  const images = figures.map(imageOfFigure);
  return images.every((image) => image !== null) ? { images } : false;
}

/** The stored figure of one image: linked to the full image, so it opens without script too. */
function figureOf(image: GalleryImage): DOMOutputSpec {
  const attributes = Object.fromEntries(IMAGE_ATTRIBUTES.map((name) => [name, image[name] ?? null]));
  const link: DOMOutputSpec = [
    'a',
    { target: '_self', rel: 'noopener noreferrer', href: image.src },
    ['img', attributes],
  ];
  return image.caption ? ['figure', link, ['figcaption', image.caption]] : ['figure', link];
}

/**
 * 2–9 uploaded images in a grid, stored as `<div class="gallery-card"><figure><a href><img>
 * </a><figcaption>…</figcaption></figure>…</div>` (post-cards.ts).
 */
export const GalleryCard = Node.create({
  name: 'galleryCard',
  ...ATOM_CARD,

  addAttributes() {
    return { images: { default: [], rendered: false } };
  },

  parseHTML() {
    return [{ tag: `div.${CARD_CLASSES.gallery}`, priority: 110, getAttrs: galleryAttributes }];
  },

  renderHTML({ node }) {
    return ['div', { class: CARD_CLASSES.gallery }, ...(node.attrs.images as GalleryImage[]).map(figureOf)];
  },
});
