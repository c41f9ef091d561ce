import { FigureImage, type FigureImageAttributes } from '@blog/shared/editor-schema';

export type { FigureImageAttributes };

/**
 * The editor's one image node (@blog/shared/editor-schema): an <img> by address (older posts), or an
 * upload in a <figure> with an optional <figcaption>, its caption edited in the image dialog.
 */
export { FigureImage };

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

/** The first image file of a paste or a drop, if any. */
export const imageFileOf = (data: DataTransfer | null | undefined): File | null =>
  Array.from(data?.files ?? []).find((file) => file.type.startsWith('image/')) ?? null;
