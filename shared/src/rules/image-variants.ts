/**
 * How uploaded images and their web-sized variants are named (contract: PostUploadForm.image), so the
 * web can build `srcset` from an `imageUrl` alone and the API names the files it writes the same way.
 *
 * An upload is stored as `/uploads/<id>-<W>w.webp`, W being its width (at most the largest of
 * IMAGE_WIDTHS). Beside it lie `/uploads/<id>-<w>w.webp` for every smaller width w of IMAGE_WIDTHS.
 * Any other imageUrl (an outside address, an older upload) has no variants.
 */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

const UPLOADED = /^\/uploads\/([a-f0-9]{32})-([1-9][0-9]{0,4})w\.webp$/;

export interface UploadedImage {
  id: string;
  width: number;
}

/** The id and width of an image uploaded here, or null for any other address. */
export function parseUploadedImage(imageUrl: string | null | undefined): UploadedImage | null {
  const match = imageUrl ? UPLOADED.exec(imageUrl) : null;
  return match ? { id: match[1]!, width: Number(match[2]) } : null;
}

/** Where the API serves the stored file `fileName` (GET /images/{file} of the contract, under /api). */
export const imageFilePath = (fileName: string) => `/api/images/${fileName}`;

/** The stored file name of one width of an upload. */
export const imageVariantFileName = (id: string, width: number) => `${id}-${width}w.webp`;

/** Every file of one upload, smallest first, with its width (the last one is the imageUrl's file). */
export function imageVariants(image: UploadedImage): { fileName: string; width: number }[] {
  const widths = [...IMAGE_WIDTHS.filter((width) => width < image.width), image.width];
  return widths.map((width) => ({ fileName: imageVariantFileName(image.id, width), width }));
}

/**
 * A ready `srcset` value (`/api/images/<file> 480w, …`) for an image uploaded here; null for any
 * other imageUrl (use `src` alone then).
 */
export function imageSrcset(imageUrl: string | null | undefined): string | null {
  const image = parseUploadedImage(imageUrl);
  if (!image) return null;
  return imageVariants(image)
    .map((variant) => `${imageFilePath(variant.fileName)} ${variant.width}w`)
    .join(', ');
}

/**
 * Where the browser loads a post image from (the web's <img>, in the browser and in the server's render). Stored
 * paths under /uploads/ are served by the API at /api/images/{filename}; absolute URLs are used as they are.
 */
export function imageSrc(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (value.startsWith('/uploads/')) {
    const filename = value.slice('/uploads/'.length).split('/').pop();
    return filename ? imageFilePath(filename) : null;
  }
  return value;
}

/**
 * How wide an image in a post's body is drawn: the article column (896 px) on wide screens, the
 * viewport below. Written by the editor and by the server's sanitizer, so both spell it the same.
 */
export const INLINE_IMAGE_SIZES = '(min-width: 62em) 896px, 100vw';

const INLINE_UPLOAD = /^\/api\/images\/([a-f0-9]{32}-[1-9][0-9]{0,4}w\.webp)$/;

/**
 * The `srcset` of an image in a post's body whose `src` is one uploaded here
 * (`/api/images/<id>-<W>w.webp`, as POST /admin/images answers); null for any other address.
 */
export function inlineImageSrcset(src: string | null | undefined): string | null {
  const match = src ? INLINE_UPLOAD.exec(src) : null;
  return match ? imageSrcset(`/uploads/${match[1]}`) : null;
}

/** The upload limit of every image (a cover, an image in the body); the server enforces it too. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE = 'Obraz może mieć najwyżej 5 MB.';
export const NOT_AN_IMAGE = 'Plik nie jest obsługiwanym obrazem.';
/** The kinds the server reads (it checks the bytes; a browser can only look at the declared type). */
export const UPLOAD_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
] as const;

/**
 * The browser's check of a chosen file, before any upload: the declared type and the size. Returns
 * the Polish message the server would answer, or null when the file may be sent.
 */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return null;
}
