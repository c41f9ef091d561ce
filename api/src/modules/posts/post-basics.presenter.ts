import type { PostRow, AuthorRow } from './posts.queries.ts';

type BasicsRow = Pick<
  PostRow,
  'id' | 'title' | 'slug' | 'excerpt' | 'image_url' | 'created_at' | 'updated_at' | 'user_id'
>;

/** What every presented post starts with, for readers and the panel alike. */
export const presentPostBasics = (row: BasicsRow) => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  imageUrl: row.image_url,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The byline: the author's public names and role, or null when the account was removed. */
export function presentPostAuthor(row: BasicsRow, authors: ReadonlyMap<number, AuthorRow>) {
  const author = row.user_id === null ? undefined : authors.get(row.user_id);
  return author ? { displayName: author.display_name, username: author.username, role: author.role } : null;
}
