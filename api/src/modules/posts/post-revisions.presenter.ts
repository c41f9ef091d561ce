import type { PostRevision, PostRevisionSummary } from '@blog/shared';
import type { RevisionRow } from './post-revisions.service.ts';

/** Allow-list of a revision in the list: no body. */
export function presentRevisionSummary(row: Omit<RevisionRow, 'content'>): PostRevisionSummary {
  return {
    id: row.id,
    postId: row.post_id,
    createdAt: new Date(row.created_at).toISOString(),
    author:
      row.author_username === null || row.author_role === null
        ? null
        : { displayName: row.author_display_name, username: row.author_username, role: row.author_role },
    title: row.title,
    slug: row.slug,
    published: row.published,
  };
}

export const presentRevision = (row: RevisionRow): PostRevision => ({
  ...presentRevisionSummary(row),
  excerpt: row.excerpt,
  content: row.content,
  imageUrl: row.image_url,
  imageAlt: row.image_alt,
  categories: row.category_ids.map(Number),
  tags: row.tags,
  metaTitle: row.meta_title,
  metaDescription: row.meta_description,
  socialImageUrl: row.social_image_url,
});
