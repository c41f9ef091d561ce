import { QueryTypes } from 'sequelize';
import { termName } from '@blog/shared/rules';
import type { ImageStorage } from '../images/image-storage.ts';
import { SAFE_FILE_NAME } from '../images/image-storage.ts';
import { type AdminPostView, updatePost } from './admin-posts.service.ts';
import type { WriteDeps } from './admin-posts.service.ts';
import { getRevision } from './post-revisions.service.ts';

/**
 * Puts an older revision's text back as a normal save (sanitized, slug checked, optimistic `version`,
 * readers' caches told) that records a new revision itself. The publication status stays as it is now
 * (bringing back an old text must not publish or hide the post); categories deleted since and an
 * uploaded image (cover or link preview) no longer stored are left out.
 */
export async function restoreRevision(
  deps: WriteDeps,
  storage: ImageStorage,
  postId: number,
  revisionId: number,
  version: number,
  actorId: number,
  options: { sharedBody?: boolean } = {},
): Promise<AdminPostView> {
  const revision = await getRevision(deps, postId, revisionId);
  const existing =
    revision.category_ids.length === 0
      ? []
      : await deps.sequelize.query<{ id: number }>('SELECT id FROM categories WHERE id IN (:ids)', {
          type: QueryTypes.SELECT,
          replacements: { ids: revision.category_ids },
        });
  const imageUrl = (await imageStillStored(storage, revision.image_url)) ? revision.image_url : null;
  const socialImageUrl = (await imageStillStored(storage, revision.social_image_url))
    ? revision.social_image_url
    : null;
  return updatePost(
    deps,
    storage,
    postId,
    {
      title: revision.title,
      slug: revision.slug,
      content: revision.content,
      excerpt: revision.excerpt,
      imageUrl,
      // The alt describes that cover: none left, nothing to describe.
      imageAlt: imageUrl === null ? null : revision.image_alt,
      metaTitle: revision.meta_title,
      metaDescription: revision.meta_description,
      socialImageUrl,
      categories: revision.category_ids.filter((id) => existing.some((row) => row.id === id)),
      // A revision saved before the tag rules may hold a name they now refuse ('.') or spell otherwise.
      tags: revision.tags.flatMap((name) => {
        const tag = termName('tag', name);
        return tag.ok ? [tag.name] : [];
      }),
      version,
    },
    {},
    actorId,
    options,
  );
}

async function imageStillStored(storage: ImageStorage, imageUrl: string | null): Promise<boolean> {
  if (!imageUrl) return false;
  if (!imageUrl.startsWith('/uploads/')) return true;
  const fileName = imageUrl.slice('/uploads/'.length);
  return SAFE_FILE_NAME.test(fileName) && storage.exists(fileName);
}
