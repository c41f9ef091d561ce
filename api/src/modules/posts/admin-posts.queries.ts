import type { Db } from '../../deps.ts';
import { type AuthorRow, groupBy, relationRows } from './posts.queries.ts';

export interface AdminPostRow {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  image_url: string | null;
  image_alt: string | null;
  published: boolean;
  created_at: Date;
  updated_at: Date;
  user_id: number | null;
  version: number;
  scheduled_at: Date | null;
}

/** The SEO and sharing panel's columns, read for the editor only (not the list). */
export interface PostSeoColumns {
  meta_title: string | null;
  meta_description: string | null;
  social_image_url: string | null;
}

export const POST_SEO_COLUMNS = 'p.meta_title, p.meta_description, p.social_image_url';

/** One post as the editor loads it. */
export type AdminPostFullRow = AdminPostRow & PostSeoColumns & { content: string };

export interface AdminPostRelations {
  authors: Map<number, AuthorRow>;
  /** Every category of the post, enabled or not, as ids. */
  categoryIds: Map<number, number[]>;
  tags: Map<number, string[]>;
}

export const ADMIN_POST_COLUMNS =
  'p.id, p.title, p.slug, p.excerpt, p.image_url, p.image_alt, p.published, p.created_at, p.updated_at, p.user_id, ' +
  'p.version, p.scheduled_at';

/** Authors, category ids (every category, enabled or not) and tags of the given posts (relationRows). */
export async function loadAdminPostRelations(db: Db, posts: AdminPostRow[]): Promise<AdminPostRelations> {
  if (posts.length === 0) return { authors: new Map(), categoryIds: new Map(), tags: new Map() };
  const { authors, categories, tags } = await relationRows<{ post_id: number; category_id: number }>(
    db,
    posts,
    `SELECT coalesce(json_agg(json_build_object('post_id', pc.post_id, 'category_id', pc.category_id)
              ORDER BY pc.category_id), '[]')
       FROM post_categories pc WHERE pc.post_id IN (:postIds)`,
  );
  return {
    authors: new Map(authors.map((author) => [author.id, author])),
    categoryIds: groupBy(
      categories,
      (row) => row.post_id,
      (row) => row.category_id,
    ),
    tags: groupBy(
      tags,
      (row) => row.post_id,
      (row) => row.name,
    ),
  };
}
