import { POST_MESSAGES } from '@blog/shared/rules';
import { QueryTypes, type Transaction } from 'sequelize';
import type { Db } from '../../deps.ts';
import { validationFailed } from '../../errors.ts';
import { lockUploads, uploadKeyOfUrl, uploadKeysIn } from '../images/image-references.ts';
import { type ImageStorage, SAFE_FILE_NAME } from '../images/image-storage.ts';

/*
 * A post's ties to uploaded images: the addresses a save may name, the uploads it holds until it
 * commits, and what a deletion may free (image-references decides whether anything else still shows them).
 */

export const UNKNOWN_UPLOAD = 'Nieprawidłowy adres obrazu';
export const UNKNOWN_SOCIAL_UPLOAD = POST_MESSAGES.socialImage;

/** An /uploads/ path typed into postData must name a file we hold. */
export async function assertUploadExists(
  storage: ImageStorage,
  imageUrl: string | null,
  field: 'imageUrl' | 'socialImageUrl' = 'imageUrl',
): Promise<void> {
  if (!imageUrl?.startsWith('/uploads/')) return;
  const fileName = imageUrl.slice('/uploads/'.length);
  if (!SAFE_FILE_NAME.test(fileName) || !(await storage.exists(fileName)))
    throw validationFailed(field === 'imageUrl' ? UNKNOWN_UPLOAD : UNKNOWN_SOCIAL_UPLOAD, field);
}

/**
 * Holds the uploads a save is about to reference (an existing cover or link-preview address, the
 * images in the body) until it commits, so a removal running meanwhile sees the reference, or has
 * finished and the address checks that follow find the files gone (see image-references).
 */
export async function lockReferencedUploads(
  db: Db & { transaction: Transaction },
  content: string,
  imageUrls: (string | null | undefined)[],
): Promise<void> {
  const keys = imageUrls.map(uploadKeyOfUrl).filter((key) => key !== null);
  await lockUploads(db, [...keys, ...uploadKeysIn(content)]);
}

/**
 * The cover and link-preview addresses of posts and of all their revisions: what their deletion may
 * free (the revisions go with the post). Read in the deleting transaction, after the posts are locked.
 */
export async function imagesOfPosts(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.sequelize.query<{ url: string }>(
    `SELECT DISTINCT url FROM (
       SELECT image_url, social_image_url FROM posts WHERE id IN (:ids)
       UNION ALL
       SELECT image_url, social_image_url FROM post_revisions WHERE post_id IN (:ids)
     ) AS r, unnest(ARRAY[r.image_url, r.social_image_url]) AS url
     WHERE url IS NOT NULL`,
    { type: QueryTypes.SELECT, replacements: { ids }, transaction: db.transaction },
  );
  return rows.map((row) => row.url);
}
