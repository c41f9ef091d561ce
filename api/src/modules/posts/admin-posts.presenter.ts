import type { AdminPost, AdminPostListItem } from '@blog/shared';
import type { AdminPostFullRow, AdminPostRelations, AdminPostRow } from './admin-posts.queries.ts';
import { presentPostAuthor, presentPostBasics } from './post-basics.presenter.ts';

/** Allow-list of a post in the admin list: no body; every category as an id; who wrote it. */
export function presentAdminPostListItem(
  row: AdminPostRow,
  relations: AdminPostRelations,
): AdminPostListItem {
  return {
    ...presentPostBasics(row),
    published: row.published,
    userId: row.user_id,
    author: presentPostAuthor(row, relations.authors),
    categories: relations.categoryIds.get(row.id) ?? [],
    tags: relations.tags.get(row.id) ?? [],
    version: row.version,
    scheduledAt: row.scheduled_at === null ? null : new Date(row.scheduled_at).toISOString(),
  };
}

export const presentAdminPost = (row: AdminPostFullRow, relations: AdminPostRelations): AdminPost => ({
  ...presentAdminPostListItem(row, relations),
  imageAlt: row.image_alt,
  content: row.content,
  metaTitle: row.meta_title,
  metaDescription: row.meta_description,
  socialImageUrl: row.social_image_url,
});
