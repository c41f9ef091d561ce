import { randomBytes } from 'node:crypto';
import {
  IMAGE_TOO_LARGE,
  IMAGE_WIDTHS,
  imageVariantFileName,
  imageVariants,
  MAX_IMAGE_BYTES,
  NOT_AN_IMAGE,
} from '@blog/shared/rules';
import type { Metadata } from 'sharp';
import { AppError } from '../../errors.ts';

// Spec: the image hint says 5 MB; the server enforces it (multer stops reading beyond it).
export { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, NOT_AN_IMAGE };
/** A 5 MB file can still unpack to gigabytes of pixels; 40 megapixels is far beyond any photo we show. */
const MAX_IMAGE_PIXELS = 40_000_000;

const TOO_MANY_PIXELS = 'Obraz ma zbyt duże wymiary (najwyżej 40 megapikseli).';

type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif';

const startsWith = (bytes: Buffer, signature: string, offset = 0) =>
  bytes.subarray(offset, offset + signature.length).equals(Buffer.from(signature, 'latin1'));

/**
 * What the first bytes say the file is; the name and the declared type are never trusted. SVG (text,
 * and able to carry scripts) has no signature here, so it is refused with every other kind of file.
 */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (startsWith(bytes, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(bytes, '\xff\xd8\xff')) return 'jpeg';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'gif';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'webp';
  if (startsWith(bytes, 'ftyp', 4) && (startsWith(bytes, 'avif', 8) || startsWith(bytes, 'avis', 8)))
    return 'avif';
  return null;
}

export interface ProcessedImage {
  /** Random, so names never collide nor reveal anything; the files are `<id>-<width>w.webp`. */
  id: string;
  /** The `/uploads/…` path of the largest variant, stored as the post's imageUrl. */
  imageUrl: string;
  /** The largest variant's size in pixels, upright (for `width`/`height` on an inline <img>). */
  width: number;
  height: number;
  files: { fileName: string; bytes: Buffer }[];
}

const notAnImage = () => new AppError('unsupported_media_type', NOT_AN_IMAGE, { field: 'image' });

/**
 * Checks that the bytes really are a PNG, JPEG, GIF, WebP or AVIF image (signature, then libvips must
 * read it as that same format), and re-encodes it as WebP in the web widths (never enlarged): turned
 * upright by its EXIF orientation, every metadata block (EXIF, GPS, ICC comments) dropped.
 */
export async function processUploadedImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES)
    throw new AppError('payload_too_large', IMAGE_TOO_LARGE, { field: 'image' });
  const format = sniffImageFormat(bytes);
  if (!format) throw notAnImage();

  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;
  // libvips is loaded on the first upload, not at start (only editors upload; ~8 MB resident).
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw new AppError('payload_too_large', TOO_MANY_PIXELS, { field: 'image' });
    throw notAnImage();
  }
  const readAs = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  if (readAs !== format || !metadata.width || !metadata.height) throw notAnImage();
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * frameHeight > MAX_IMAGE_PIXELS)
    throw new AppError('payload_too_large', TOO_MANY_PIXELS, { field: 'image' });

  // Orientations 5–8 are stored on their side: the upright width is the stored height.
  const onItsSide = (metadata.orientation ?? 1) >= 5;
  const uprightWidth = onItsSide ? frameHeight : metadata.width;
  const uprightHeight = onItsSide ? metadata.width : frameHeight;
  const largest = Math.min(uprightWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]);
  const height = Math.max(1, Math.round((uprightHeight * largest) / uprightWidth));
  const id = randomBytes(16).toString('hex');
  const animated = (metadata.pages ?? 1) > 1;
  try {
    const files = await Promise.all(
      imageVariants({ id, width: largest }).map(async ({ fileName, width }) => ({
        fileName,
        bytes: await sharp(bytes, { ...options, animated })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
    return { id, imageUrl: `/uploads/${imageVariantFileName(id, largest)}`, width: largest, height, files };
  } catch {
    // Bytes that pass the header but break while decoding (truncated, corrupt) are not an image either.
    throw notAnImage();
  }
}
