import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { imageVariants, parseUploadedImage } from '@blog/shared/rules';
import { AppError } from '../../errors.ts';
import type { ImageStorage } from '../images/image-storage.ts';
import { MAX_IMAGE_BYTES, processUploadedImage, sniffImageFormat } from '../images/image-upload.ts';

/** Where an export's images may come from: the file itself (data: URLs) and a local folder. */
export interface ImageSources {
  /** A copy of the old blog's uploads (wp-content/uploads, Ghost's content/images, our images/). */
  uploadsDir?: string;
}

/** Path prefixes of uploads in WordPress, Ghost and this blog; what follows is the path in the folder. */
const UPLOAD_MARKERS = ['/wp-content/uploads/', '/content/images/', '/api/images/', '/uploads/'];

const NOT_IN_EXPORT = 'Obrazu nie ma w pliku ani w podanym folderze uploads (obrazów nie pobieramy z sieci).';
const NO_FOLDER =
  'Obraz jest tylko pod adresem w sieci, a nie podano folderu uploads (obrazów nie pobieramy z sieci).';

/** The bytes of a data: URL image, or null for any other reference. */
function dataUrlBytes(reference: string): Buffer | null {
  const match = /^data:image\/(png|jpeg|gif|webp|avif);base64,([A-Za-z0-9+/=\s]+)$/i.exec(reference.trim());
  return match ? Buffer.from(match[2]!, 'base64') : null;
}

/** The path of a reference inside the uploads folder, or null when it is no upload of a known blog. */
export function uploadPath(reference: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(reference, 'http://placeholder.invalid').pathname);
  } catch {
    return null;
  }
  for (const marker of UPLOAD_MARKERS) {
    const at = pathname.indexOf(marker);
    if (at >= 0) return pathname.slice(at + marker.length);
  }
  return null;
}

/** The file of a relative path inside the folder, never outside it (`..`, absolute paths, NUL). */
async function readInside(folder: string, relative: string): Promise<Buffer | null> {
  if (relative.includes('\0')) return null;
  const root = path.resolve(folder);
  const file = path.resolve(root, relative);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  if (info.size > MAX_IMAGE_BYTES) throw new AppError('payload_too_large', 'Obraz ma więcej niż 5 MB.');
  return readFile(file);
}

export interface ImportedImage {
  /** The stored `/uploads/…` path (with web-sized variants, so pages give it a srcset). */
  imageUrl: string;
  /** Files written to the storage by this import (removed again if the import fails). */
  written: string[];
}

/**
 * One image referenced by an export, stored like an upload: taken from the file (data: URL) or the
 * uploads folder, checked and re-encoded by the same pipeline as covers (processUploadedImage), so
 * it gets the web widths and a srcset. This blog's own exported files (all variants present, WebP,
 * right widths) are stored as they are, so an export re-imports to the same addresses. The network
 * is never used: an address elsewhere is reported, not fetched.
 */
export async function importImage(
  storage: ImageStorage,
  sources: ImageSources,
  reference: string,
): Promise<ImportedImage> {
  const inline = dataUrlBytes(reference);
  if (inline) return store(storage, await processUploadedImage(inline));
  const relative = uploadPath(reference);
  if (!sources.uploadsDir) throw new AppError('not_found', NO_FOLDER);
  if (!relative) throw new AppError('not_found', NOT_IN_EXPORT);

  const own = parseUploadedImage(`/uploads/${path.basename(relative)}`);
  if (own) {
    const kept = await keepOwnImage(storage, sources.uploadsDir, path.dirname(relative), own);
    if (kept) return kept;
  }
  const bytes = await readInside(sources.uploadsDir, relative);
  if (!bytes) throw new AppError('not_found', NOT_IN_EXPORT);
  return store(storage, await processUploadedImage(bytes));
}

async function store(
  storage: ImageStorage,
  image: Awaited<ReturnType<typeof processUploadedImage>>,
): Promise<ImportedImage> {
  for (const file of image.files) await storage.save(file.fileName, file.bytes);
  return { imageUrl: image.imageUrl, written: image.files.map((file) => file.fileName) };
}

/** libvips reads it as a WebP of exactly that width (not just a file with the right first bytes). */
async function isWebpOfWidth(bytes: Buffer, width: number): Promise<boolean> {
  if (sniffImageFormat(bytes) !== 'webp') return false;
  const { default: sharp } = await import('sharp');
  const metadata = await sharp(bytes, { failOn: 'error' })
    .metadata()
    .catch(() => null);
  return metadata?.format === 'webp' && metadata.width === width;
}

/** This blog's exported variants, stored unchanged when every one is there and is WebP. */
async function keepOwnImage(
  storage: ImageStorage,
  folder: string,
  directory: string,
  image: { id: string; width: number },
): Promise<ImportedImage | null> {
  const variants = imageVariants(image);
  const files: { fileName: string; bytes: Buffer }[] = [];
  for (const variant of variants) {
    const bytes = await readInside(folder, path.join(directory, variant.fileName));
    if (!bytes || !(await isWebpOfWidth(bytes, variant.width))) return null;
    files.push({ fileName: variant.fileName, bytes });
  }
  const written: string[] = [];
  for (const file of files) {
    if (await storage.exists(file.fileName)) continue;
    await storage.save(file.fileName, file.bytes);
    written.push(file.fileName);
  }
  return { imageUrl: `/uploads/${variants.at(-1)!.fileName}`, written };
}
