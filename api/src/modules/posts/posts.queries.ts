import type { Role } from '@blog/shared/policy';
import { QueryTypes } from 'sequelize';
import type { Db } from '../../deps.ts';
import type { FragmentPart } from '../search/fragment.ts';

/*
 * What a reader may see, written once for every query: a post is visible when it is published and
 * sits in at least one visible (enabled) category; a published post without one is „Ukryty” in the
 * admin list. There is no publication date to compare: a scheduled post is a draft until the
 * scheduler sets `published` (scheduled-publishing.ts).
 *
 * Copies the database keeps, because triggers cannot read TypeScript, are held to these constants by
 * db/sql-truths.test.ts: posts.in_visible_category (kept by blog_refresh_post_category_visibility,
 * read by the admin list's statuses as `p.published AND p.in_visible_category`) and the public-content
 * trigger on post_categories. The public queries read the tables themselves for every row they show;
 * they read the stored column only to count the visible posts or to choose among thousands of them (the
 * search), through VISIBLE_POST_STORED_SQL.
 */

/** A category readers see. `c` is the categories alias. */
export const VISIBLE_CATEGORY_SQL = 'c.enabled';

/** The post `p` has at least one visible category. */
export const IN_VISIBLE_CATEGORY_SQL = `EXISTS (
  SELECT 1 FROM post_categories pc JOIN categories c ON c.id = pc.category_id
   WHERE pc.post_id = p.id AND ${VISIBLE_CATEGORY_SQL})`;

/** The post `p` is visible to readers. */
export const VISIBLE_POST_SQL = `p.published AND ${IN_VISIBLE_CATEGORY_SQL}`;

/**
 * VISIBLE_POST_SQL from the stored flag: the same posts (db/sql-truths.test.ts) without joining every
 * post's categories (posts_visible_created_at_id holds them). For counting or choosing among many posts
 * only; a post shown is tested by VISIBLE_POST_SQL.
 */
export const VISIBLE_POST_STORED_SQL = 'p.published AND p.in_visible_category';

/** Reading time: words split on spaces / 200, rounded up, at least 1 minute (word_count: migration 0002). */
export const READING_TIME_SQL = `GREATEST(1, CEIL(p.word_count / 200.0))::int`;

export interface PostRow {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  image_url: string | null;
  /** The SEO panel's text and image, read for the feeds (never presented to readers as such). */
  meta_description: string | null;
  social_image_url: string | null;
  created_at: Date;
  updated_at: Date;
  user_id: number | null;
  reading_time: number;
  /** A searched list's row: the part of the text that matched, marked (modules/search/fragment.ts). */
  search_fragment?: FragmentPart[] | null;
}

export interface AuthorRow {
  id: number;
  username: string;
  display_name: string | null;
  role: Role;
}

export interface PostRelations {
  authors: Map<number, AuthorRow>;
  categories: Map<number, { id: number; name: string }[]>;
  tags: Map<number, string[]>;
}

/** Rows grouped by `key`, each group's values in the rows' order. */
export const groupBy = <T, V>(rows: T[], key: (row: T) => number, value: (row: T) => V) => {
  const grouped = new Map<number, V[]>();
  for (const row of rows) {
    const list = grouped.get(key(row)) ?? [];
    list.push(value(row));
    grouped.set(key(row), list);
  }
  return grouped;
};

/** A page's relations as relationRows reads them, each a JSON array. */
export interface RelationRows<Category> {
  authors: AuthorRow[];
  categories: Category[];
  tags: { post_id: number; name: string }[];
}

/**
 * The authors, categories and tags of a page's posts in one statement whatever their number: three
 * JSON aggregates, one round trip and one plan, where three statements in parallel took three of the
 * pool's connections for each page. `categories` is a JSON aggregate of the posts' (:postIds)
 * categories as the list shows them, over post_categories `pc` (and categories `c` when joined).
 */
export async function relationRows<Category>(
  db: Db,
  posts: { id: number; user_id: number | null }[],
  categories: string,
): Promise<RelationRows<Category>> {
  const postIds = posts.map((post) => post.id);
  const userIds = [...new Set(posts.flatMap((post) => (post.user_id === null ? [] : [post.user_id])))];
  const [rows] = await db.sequelize.query<RelationRows<Category>>(
    `SELECT (SELECT coalesce(json_agg(json_build_object('id', u.id, 'username', u.username,
                      'display_name', u.display_name, 'role', u.role)), '[]')
               FROM users u WHERE u.id = ANY (ARRAY[:userIds]::int[])) AS authors,
            (${categories}) AS categories,
            (SELECT coalesce(json_agg(json_build_object('post_id', pt.post_id, 'name', t.name) ORDER BY t.name), '[]')
               FROM post_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id IN (:postIds)) AS tags`,
    // ARRAY[]::int[] when no post of the page has an author.
    { type: QueryTypes.SELECT, replacements: { postIds, userIds }, transaction: db.transaction },
  );
  return rows!;
}

/**
 * A listed post's author, visible categories and tags as three JSON columns of its own row (posts `p`),
 * categories by name, tags by name: a page of the public list (and an article) reads its rows and their
 * relations in one statement (one round trip and one plan fewer than a second statement after the page's).
 */
export const ROW_RELATIONS_SQL = `
  (SELECT json_build_object('id', u.id, 'username', u.username, 'display_name', u.display_name, 'role', u.role)
     FROM users u WHERE u.id = p.user_id) AS relation_author,
  (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name, c.id), '[]')
     FROM post_categories pc JOIN categories c ON c.id = pc.category_id
    WHERE pc.post_id = p.id AND ${VISIBLE_CATEGORY_SQL}) AS relation_categories,
  (SELECT coalesce(json_agg(t.name ORDER BY t.name), '[]')
     FROM post_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id) AS relation_tags`;

/** A row read with ROW_RELATIONS_SQL's columns. */
export type WithRowRelations<R> = R & {
  relation_author: AuthorRow | null;
  relation_categories: { id: number; name: string }[];
  relation_tags: string[];
};

/** The rows without ROW_RELATIONS_SQL's columns, and those columns as the page's PostRelations. */
export function rowRelations<R extends { id: number }>(
  read: WithRowRelations<R>[],
): { rows: R[]; relations: PostRelations } {
  const relations: PostRelations = { authors: new Map(), categories: new Map(), tags: new Map() };
  const rows = read.map(({ relation_author: author, relation_categories, relation_tags, ...row }) => {
    if (author) relations.authors.set(author.id, author);
    if (relation_categories.length > 0) relations.categories.set(row.id, relation_categories);
    if (relation_tags.length > 0) relations.tags.set(row.id, relation_tags);
    return row as unknown as R;
  });
  return { rows, relations };
}
