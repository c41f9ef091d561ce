import Image from '@tiptap/extension-image';

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
}

/** The <img> of an element that is either the image itself or a <figure> around it. */
const imageOf = (element: HTMLElement): Element | null =>
  element.tagName === 'FIGURE' ? element.querySelector('img') : element;

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
 * The editor's one image node: an <img> by address (older posts), or an upload in a <figure> with an
 * optional <figcaption> — `<figure><img src srcset sizes alt width height><figcaption>…</figcaption>
 * </figure>`. Attributes are written in the server sanitizer's order, so a saved post comes back
 * unchanged. The caption is plain text, edited in the image dialog.
 */
export const FigureImage = Image.extend({
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
    };
  },

  parseHTML() {
    return [
      // Before the bare <img> rule, so a figure's image is read once, with its caption.
      {
        tag: 'figure',
        priority: 60,
        getAttrs: (element) => (imageOf(element)?.getAttribute('src') ? null : false),
      },
      { tag: 'img[src]:not([src^="data:"])' },
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    const image: [string, Record<string, unknown>] = ['img', HTMLAttributes];
    if (!node.attrs.figure) return image;
    const caption = node.attrs.caption as string | null;
    return caption ? ['figure', image, ['figcaption', caption]] : ['figure', image];
  },
});

/** What the image dialog edits on an image already in the text. */
export interface ImageDescription {
  alt: string;
  caption: string;
}

/**
 * The attributes an edited description sets: the alt as typed (trimmed; required, checked by the
 * dialog), no caption when it is left empty. An old plain <img> given a caption becomes a <figure>, as
 * a caption cannot be written without one; a figure stays a figure when its caption is removed.
 */
export function describedImage(
  current: Pick<FigureImageAttributes, 'figure'>,
  description: ImageDescription,
): Pick<FigureImageAttributes, 'alt' | 'caption' | 'figure'> {
  const caption = description.caption.trim() || null;
  return { alt: description.alt.trim(), caption, figure: Boolean(current.figure) || caption !== null };
}
