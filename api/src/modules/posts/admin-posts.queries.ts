import { QueryTypes } from 'sequelize';
import type { Db } from '../../deps.ts';
import type { AuthorRow } from './posts.queries.ts';

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

const grouped = <T>(rows: T[], key: (row: T) => number, value: (row: T) => number | string) => {
  const map = new Map<number, never[]>();
  for (const row of rows) {
    const list: unknown[] = map.get(key(row)) ?? [];
    list.push(value(row));
    map.set(key(row), list as never[]);
  }
  return map;
};

/** Authors, category ids and tags of the given posts, in three queries whatever their number. */
export async function loadAdminPostRelations(db: Db, posts: AdminPostRow[]): Promise<AdminPostRelations> {
  const postIds = posts.map((post) => post.id);
  const userIds = [...new Set(posts.flatMap((post) => (post.user_id === null ? [] : [post.user_id])))];
  if (postIds.length === 0) return { authors: new Map(), categoryIds: new Map(), tags: new Map() };
  const options = { type: QueryTypes.SELECT, transaction: db.transaction } as const;
  const [authors, categories, tags] = await Promise.all([
    userIds.length === 0
      ? Promise.resolve([] as AuthorRow[])
      : db.sequelize.query<AuthorRow>(
          'SELECT id, username, display_name, role FROM users WHERE id IN (:userIds)',
          { ...options, replacements: { userIds } },
        ),
    db.sequelize.query<{ post_id: number; category_id: number }>(
      `SELECT pc.post_id, pc.category_id FROM post_categories pc
        WHERE pc.post_id IN (:postIds) ORDER BY pc.category_id`,
      { ...options, replacements: { postIds } },
    ),
    db.sequelize.query<{ post_id: number; name: string }>(
      `SELECT pt.post_id, t.name FROM post_tags pt JOIN tags t ON t.id = pt.tag_id
        WHERE pt.post_id IN (:postIds) ORDER BY t.name`,
      { ...options, replacements: { postIds } },
    ),
  ]);
  return {
    authors: new Map(authors.map((author) => [author.id, author])),
    categoryIds: grouped(
      categories,
      (row) => row.post_id,
      (row) => row.category_id,
    ) as Map<number, number[]>,
    tags: grouped(
      tags,
      (row) => row.post_id,
      (row) => row.name,
    ) as Map<number, string[]>,
  };
}
