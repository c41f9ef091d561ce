import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import yauzl from 'yauzl';
import type { Sequelize } from 'sequelize-typescript';
import { AppError, badRequest } from '../../errors.ts';
import { SAFE_FILE_NAME, type ImageStorage } from '../images/image-storage.ts';
import { MAX_IMPORT_BYTES } from '@blog/shared/rules';
import { MAX_IMAGE_BYTES } from '../images/image-upload.ts';
import { EXPORT_FILE, EXPORT_IMAGES, exportDocument, referencedFiles } from './exporter.service.ts';

/** ZIP files start with a local file header (PK\x03\x04); an empty archive with its end record. */
export const isZip = (head: Buffer) =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);

const NOT_OUR_ZIP = `Archiwum ZIP nie jest eksportem tego bloga (brak pliku ${EXPORT_FILE}).`;
const BROKEN_ZIP = 'Archiwum ZIP jest uszkodzone i nie da się go odczytać.';
const ZIP_TOO_BIG = 'Archiwum ZIP po rozpakowaniu byłoby większe niż 100 MB eksportu i 1 GB obrazów.';
/** An export with more files than this is no export of ours (a zip bomb of tiny entries). */
const MAX_ENTRIES = 50_000;
const MAX_IMAGES_BYTES = 1024 * 1024 * 1024;

/**
 * The whole blog as one ZIP, written to `output` as it is made: `blog-export.json` (the transfer
 * document) and `images/` with every stored file its posts use, read through the storage module.
 * A file the storage no longer has is left out (the importer then reports that image as skipped).
 */
export async function writeExportZip(
  sequelize: Sequelize,
  storage: ImageStorage,
  publicUrl: string,
  output: NodeJS.WritableStream,
): Promise<void> {
  const document = await exportDocument(sequelize, publicUrl);
  const zip = new ZipFile();
  const done = pipeline(zip.outputStream as Readable, output);
  zip.addBuffer(Buffer.from(`${JSON.stringify(document, null, 2)}\n`), EXPORT_FILE);
  for (const fileName of [...referencedFiles(document, publicUrl)].sort()) {
    if (!(await storage.exists(fileName))) continue;
    // Opened one at a time as the archive reaches it; images are compressed already: stored as they are.
    zip.addReadStreamLazy(`${EXPORT_IMAGES}/${fileName}`, { compress: false }, (callback) => {
      storage.open(fileName).then(
        (opened) =>
          opened
            ? callback(null, opened.stream)
            : callback(new Error(`${fileName} left the storage`), undefined as never),
        (err: unknown) => callback(err, undefined as never),
      );
    });
  }
  zip.end();
  await done;
}

async function openZip(file: string) {
  try {
    return await yauzl.openPromise(file, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: true,
    });
  } catch {
    throw badRequest(BROKEN_ZIP);
  }
}

/** Whether the archive holds an export of this blog (read from its central directory only). */
export async function assertExportZip(file: string): Promise<void> {
  const zip = await openZip(file);
  try {
    if (zip.entryCount > MAX_ENTRIES) throw badRequest(ZIP_TOO_BIG);
    for await (const entry of zip.eachEntry()) if (entry.fileName === EXPORT_FILE) return;
  } catch (err) {
    throw err instanceof AppError ? err : badRequest(BROKEN_ZIP);
  } finally {
    zip.close();
  }
  throw new AppError('unsupported_media_type', NOT_OUR_ZIP);
}

/**
 * Unpacks an export ZIP into `folder`: only `blog-export.json` and `images/<name>` with a name we
 * could have handed out (so no path leaves the folder), within size limits checked while reading,
 * not trusted from the headers. Anything else in the archive is ignored. Returns the document's path
 * and the images folder, as `npm run export` lays them out.
 */
export async function extractExportZip(
  file: string,
  folder: string,
): Promise<{ documentFile: string; imagesDir: string }> {
  const zip = await openZip(file);
  const imagesDir = path.join(folder, EXPORT_IMAGES);
  await mkdir(imagesDir, { recursive: true });
  let found = false;
  let imageBytes = 0;
  try {
    if (zip.entryCount > MAX_ENTRIES) throw badRequest(ZIP_TOO_BIG);
    for await (const entry of zip.eachEntry()) {
      const isDocument = entry.fileName === EXPORT_FILE;
      const image = entry.fileName.startsWith(`${EXPORT_IMAGES}/`)
        ? entry.fileName.slice(EXPORT_IMAGES.length + 1)
        : '';
      if (!isDocument && !SAFE_FILE_NAME.test(image)) continue;
      const limit = isDocument ? MAX_IMPORT_BYTES : MAX_IMAGE_BYTES;
      if (entry.uncompressedSize > limit) throw badRequest(ZIP_TOO_BIG);
      imageBytes += isDocument ? 0 : entry.uncompressedSize;
      if (imageBytes > MAX_IMAGES_BYTES) throw badRequest(ZIP_TOO_BIG);
      // validateEntrySizes makes the stream fail should the data be longer than its header said.
      const stream = await zip.openReadStreamPromise(entry);
      await pipeline(
        stream,
        createWriteStream(isDocument ? path.join(folder, EXPORT_FILE) : path.join(imagesDir, image)),
      );
      found ||= isDocument;
    }
  } catch (err) {
    throw err instanceof AppError ? err : badRequest(BROKEN_ZIP);
  } finally {
    zip.close();
  }
  if (!found) throw new AppError('unsupported_media_type', NOT_OUR_ZIP);
  return { documentFile: path.join(folder, EXPORT_FILE), imagesDir };
}
