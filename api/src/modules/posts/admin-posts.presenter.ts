import type { AdminPost, AdminPostListItem } from '@blog/shared';
import type { AdminPostFullRow, AdminPostRelations, AdminPostRow } from './admin-posts.queries.ts';

/** Allow-list of a post in the admin list: no body; every category as an id; who wrote it. */
export function presentAdminPostListItem(
  row: AdminPostRow,
  relations: AdminPostRelations,
): AdminPostListItem {
  const author = row.user_id === null ? undefined : relations.authors.get(row.user_id);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    imageUrl: row.image_url,
    published: row.published,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    userId: row.user_id,
    author: author
      ? { displayName: author.display_name, username: author.username, role: author.role }
      : null,
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
