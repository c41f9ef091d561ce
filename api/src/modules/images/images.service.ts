import type { UploadedInlineImage } from '@blog/openapi';
import { imageSrc, imageSrcset, parseUploadedImage, imageVariants } from '@blog/openapi/rules';
import { QueryTypes } from 'sequelize';
import type { Deps } from '../../deps.ts';
import type { ImageStorage } from './image-storage.ts';
import { processUploadedImage, type ProcessedImage } from './image-upload.ts';
import { recordImageStored } from './images-log.ts';

/** Writes every variant of a processed upload. */
export async function saveImageFiles(storage: ImageStorage, image: ProcessedImage): Promise<void> {
  await Promise.all(image.files.map((file) => storage.save(file.fileName, file.bytes)));
}

/** Removes the files of an upload (after a failed save, or when no post uses it any more). */
export async function removeImageFiles(storage: ImageStorage, imageUrl: string): Promise<void> {
  const image = parseUploadedImage(imageUrl);
  if (image) {
    await Promise.all(imageVariants(image).map((variant) => storage.remove(variant.fileName)));
    return;
  }
  // Older uploads and demo images are one file without variants.
  const fileName = imageUrl.startsWith('/uploads/') ? imageUrl.slice('/uploads/'.length) : null;
  if (fileName) await storage.remove(fileName);
}

/**
 * Deletes the files behind `imageUrl` when no post points at it any more (it may have been copied to
 * another post as an existing /uploads/ path). Runs after the commit that dropped the reference; a
 * failure is logged, never shown: the post itself was saved.
 */
export async function removeImageIfUnused(
  deps: Pick<Deps, 'sequelize' | 'logger'>,
  storage: ImageStorage,
  imageUrl: string | null,
): Promise<void> {
  if (!imageUrl?.startsWith('/uploads/')) return;
  try {
    const [used] = await deps.sequelize.query<{ id: number }>(
      // A cover or a link-preview image (SEO and sharing panel) keeps the files.
      'SELECT id FROM posts WHERE image_url = :imageUrl OR social_image_url = :imageUrl LIMIT 1',
      { type: QueryTypes.SELECT, replacements: { imageUrl } },
    );
    if (!used) await removeImageFiles(storage, imageUrl);
  } catch (err) {
    deps.logger.warn({ err, imageUrl }, 'could not remove an unused image');
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
