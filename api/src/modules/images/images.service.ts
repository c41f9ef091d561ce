import type { UploadedInlineImage } from '@blog/shared';
import { imageSrc, imageSrcset, parseUploadedImage, imageVariants } from '@blog/shared/rules';
import type { Deps } from '../../deps.ts';
import {
  announceImagesRemoved,
  lockUploads,
  referencedUploadKeys,
  uploadKeyOfUrl,
} from './image-references.ts';
import type { ImageStorage } from './image-storage.ts';
import { processUploadedImage, type ProcessedImage } from './image-upload.ts';
import { recordImageStored } from './images-log.ts';

/** Writes every variant of a processed upload. */
export async function saveImageFiles(storage: ImageStorage, image: ProcessedImage): Promise<void> {
  await Promise.all(image.files.map((file) => storage.save(file.fileName, file.bytes)));
}

/**
 * Removes the files of an upload (after a failed save, or when nothing references it any more);
 * answers their names.
 */
export async function removeImageFiles(storage: ImageStorage, imageUrl: string): Promise<string[]> {
  const image = parseUploadedImage(imageUrl);
  // Older uploads and demo images are one file without variants.
  const fileName = imageUrl.startsWith('/uploads/') ? imageUrl.slice('/uploads/'.length) : null;
  const fileNames = image
    ? imageVariants(image).map((variant) => variant.fileName)
    : fileName
      ? [fileName]
      : [];
  await Promise.all(fileNames.map((name) => storage.remove(name)));
  return fileNames;
}

/**
 * Deletes the files behind each of `imageUrls` (covers, link-preview images a save or a deletion let
 * go of) that nothing references any more (see image-references: posts, their revisions, the site
 * settings; it may have been copied elsewhere as an existing /uploads/ path, or put in a body).
 * Runs after the commit that dropped the reference, under the uploads' locks so a save adding one
 * meanwhile is seen; a failure is logged, never shown: the post itself was saved.
 */
export async function removeImagesIfUnused(
  deps: Pick<Deps, 'sequelize' | 'logger'>,
  storage: ImageStorage,
  imageUrls: readonly (string | null)[],
): Promise<void> {
  const byKey = new Map<string, string[]>();
  for (const imageUrl of new Set(imageUrls)) {
    const key = uploadKeyOfUrl(imageUrl);
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), imageUrl!]);
  }
  if (byKey.size === 0) return;
  try {
    await deps.sequelize.transaction(async (transaction) => {
      const db = { sequelize: deps.sequelize, transaction };
      await lockUploads(db, byKey.keys());
      const used = await referencedUploadKeys(db, [...byKey.keys()]);
      const removed: string[] = [];
      for (const [key, urls] of byKey) {
        if (used.has(key)) continue;
        for (const imageUrl of urls) removed.push(...(await removeImageFiles(storage, imageUrl)));
      }
      await announceImagesRemoved(db, removed);
    });
  } catch (err) {
    deps.logger.warn({ err, imageUrls: [...byKey.values()].flat() }, 'could not remove an unused image');
  }
}

/**
 * An image for a post's body (POST /admin/images): checked and re-encoded as a cover is, its files
 * written, the images log told. Answers what the editor puts into its <img>.
 */
export async function storeInlineImage(
  deps: Parameters<typeof recordImageStored>[0],
  storage: ImageStorage,
  file: { bytes: Buffer; originalFilename: string },
): Promise<UploadedInlineImage> {
  const image = await processUploadedImage(file.bytes);
  await saveImageFiles(storage, image);
  await recordImageStored(deps, {
    originalFilename: file.originalFilename,
    databasePath: image.imageUrl,
    postTitle: null,
  });
  return {
    src: imageSrc(image.imageUrl)!,
    srcset: imageSrcset(image.imageUrl)!,
    width: image.width,
    height: image.height,
  };
}
