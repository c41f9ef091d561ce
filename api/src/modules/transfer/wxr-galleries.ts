import { escapeMarkup } from '../../html/escape-markup.ts';

/** An image of the export (an `attachment` item), as a `[gallery]` shortcode finds it. */
export interface WxrAttachment {
  id: string;
  url: string;
  /** The post it was uploaded to. */
  parent: string;
  order: number;
  caption: string;
  alt: string;
}

const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|bmp)(\?.*)?$/i;

const attribute = (attributes: string, name: string): string | undefined =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s\\]]+))`, 'i')
    .exec(attributes)
    ?.slice(1)
    .find((value) => value !== undefined);

const idList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/**
 * `[gallery]` shortcodes as the block editor's gallery markup, which wordpress-content.ts turns into
 * gallery cards: the images named by `ids` (or `include`), in that order, else the images uploaded
 * to the post (`menu_order`, then id), less `exclude`. A gallery none of whose images the export
 * holds is left as it is, and reported as a shortcode.
 */
export function galleryShortcodes(
  html: string,
  postId: string,
  attachments: readonly WxrAttachment[],
): string {
  const byId = new Map(attachments.map((attachment) => [attachment.id, attachment]));
  return html.replace(/\[gallery(\s[^\]]*)?\]/gi, (all, attributes: string | undefined) => {
    const named = idList(attribute(attributes ?? '', 'ids') ?? attribute(attributes ?? '', 'include'));
    const excluded = new Set(idList(attribute(attributes ?? '', 'exclude')));
    const images = (
      named.length > 0
        ? named.map((id) => byId.get(id))
        : attachments
            .filter((attachment) => attachment.parent === postId)
            .sort((a, b) => a.order - b.order || Number(a.id) - Number(b.id))
    ).filter(
      (image): image is WxrAttachment => !!image && !excluded.has(image.id) && IMAGE_FILE.test(image.url),
    );
    if (images.length === 0) return all;
    const figures = images.map(
      (image) =>
        `<figure class="wp-block-image"><img src="${escapeMarkup(image.url)}"${image.alt ? ` alt="${escapeMarkup(image.alt)}"` : ''}>${image.caption ? `<figcaption>${escapeMarkup(image.caption)}</figcaption>` : ''}</figure>`,
    );
    return `<figure class="wp-block-gallery">${figures.join('')}</figure>`;
  });
}
