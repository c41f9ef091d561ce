/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { Node, nodeInputRule } from '@tiptap/core';
import type { DOMOutputSpec } from '@tiptap/pm/model';

/** What an image node holds; `caption` and `figure` shape the HTML around the <img>. */
export interface FigureImageAttributes {
  src: string;
  srcset?: string | null;
  sizes?: string | null;
  alt?: string | null;
  title?: string | null;
  width?: number | null;
  height?: number | null;
  caption?: string | null;
  figure?: boolean;
  /** A link around the image (`<a href><img></a>`), and where it opens. */
  href?: string | null;
  linkTarget?: '_blank' | '_self' | null;
}

/** The <img> of an element that is the image itself, a link or a <figure> around it. */
const imageOf = (element: HTMLElement): Element | null =>
  element.tagName === 'IMG' ? element : element.querySelector('img');

/** Elements inside `element`, after checking that any text between them is only white space. */
function onlyElements(element: Element): Element[] | null {
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === child.TEXT_NODE && child.textContent?.trim()) return null;
  }
  return Array.from(element.children);
}

/** An `<img>` with an address the editor takes (never data:). */
const isImage = (element: Element | undefined): element is HTMLImageElement =>
  element?.tagName === 'IMG' && !/^\s*data:/i.test(element.getAttribute('src') ?? 'data:');

/** `<a href><img></a>` and nothing else in the link. */
function isLinkedImage(element: Element | undefined): boolean {
  if (element?.tagName !== 'A' || !element.getAttribute('href')) return false;
  const inside = onlyElements(element);
  return inside?.length === 1 && isImage(inside[0]);
}

/**
 * A figure the image node holds exactly: an image (or a linked image), then at most a plain-text
 * caption. Any other figure (a gallery, a caption with a link in it, a quote) is not an image, and
 * stays whole in an HTML card.
 */
function isImageFigure(element: HTMLElement): boolean {
  const inside = onlyElements(element);
  if (!inside || inside.length === 0 || inside.length > 2) return false;
  const [image, caption] = inside;
  if (!isImage(image) && !isLinkedImage(image)) return false;
  return caption === undefined || (caption.tagName === 'FIGCAPTION' && caption.children.length === 0);
}

/** The link around the image, if any. */
const linkOf = (element: HTMLElement): Element | null =>
  element.tagName === 'A'
    ? element
    : element.tagName === 'FIGURE'
      ? element.querySelector(':scope > a')
      : null;

/** `![alt](address "title")` typed at the end of a line: TipTap's image shortcut. */
const MARKDOWN_IMAGE = /(?:^|\s)(!\[(.+|:?)]\((\S+)(?:(?:\s+)["'](\S+)["'])?\))$/;

const fromImage = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => imageOf(element)?.getAttribute(name) ?? null,
});

const pixels = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => {
    const value = Number(imageOf(element)?.getAttribute(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  },
});

/**
 * The document's one image node: an <img> by address (older posts), or an upload in a <figure> with
 * an optional <figcaption> — `<figure><img src srcset sizes alt width height><figcaption>…</figcaption>
 * </figure>`. Attributes are written in the server sanitizer's order, so a saved post comes back
 * unchanged. The caption is plain text. It keeps the name of TipTap's Image, `image`, and its
 * `![alt](address)` shortcut.
 */
export const FigureImage = Node.create({
  name: 'image',
  group: 'block',
  draggable: true,

  addAttributes() {
    return {
      src: fromImage('src'),
      srcset: fromImage('srcset'),
      sizes: fromImage('sizes'),
      alt: fromImage('alt'),
      title: fromImage('title'),
      width: pixels('width'),
      height: pixels('height'),
      caption: {
        default: null,
        rendered: false,
        parseHTML: (element: HTMLElement) =>
          element.tagName === 'FIGURE'
            ? element.querySelector('figcaption')?.textContent?.trim() || null
            : null,
      },
      figure: {
        default: false,
        rendered: false,
        parseHTML: (element: HTMLElement) => element.tagName === 'FIGURE',
      },
      href: {
        default: null,
        rendered: false,
        parseHTML: (element: HTMLElement) => linkOf(element)?.getAttribute('href') ?? null,
      },
      linkTarget: {
        default: null,
        rendered: false,
        parseHTML: (element: HTMLElement) => {
          const link = linkOf(element);
          if (!link) return null;
          return link.getAttribute('target') === '_self' ? '_self' : '_blank';
        },
      },
    };
  },

  parseHTML() {
    return [
      // Before the bare <img> rule and the link mark, so a figure's or a link's image is read once,
      // with its caption and its link.
      { tag: 'figure', priority: 60, getAttrs: (element) => (isImageFigure(element) ? null : false) },
      { tag: 'a[href]', priority: 60, getAttrs: (element) => (isLinkedImage(element) ? null : false) },
      { tag: 'img[src]:not([src^="data:"])' },
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    const img: DOMOutputSpec = ['img', HTMLAttributes];
    const href = node.attrs.href as string | null;
    // The link mark's own spelling (target, rel, href), as the server writes every link.
    const image: DOMOutputSpec = href
      ? ['a', { target: node.attrs.linkTarget ?? '_blank', rel: 'noopener noreferrer', href }, img]
      : img;
    if (!node.attrs.figure) return image;
    const caption = node.attrs.caption as string | null;
    return caption ? ['figure', image, ['figcaption', caption]] : ['figure', image];
  },

  addInputRules() {
    return [
      nodeInputRule({
        find: MARKDOWN_IMAGE,
        type: this.type,
        getAttributes: ([, , alt, src, title]) => ({ src, alt, title }),
      }),
    ];
  },
});
