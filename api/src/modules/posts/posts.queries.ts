import type { Role } from '@blog/shared/policy';
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

/** A page's authors (by id), and each post's categories and tags (by post id), as the list shows them. */
export interface RowRelations<Category> {
  authors: Map<number, AuthorRow>;
  categories: Map<number, Category[]>;
  tags: Map<number, string[]>;
}

/** Readers see a post's visible categories by name. */
export type PostRelations = RowRelations<{ id: number; name: string }>;

/**
 * A listed post's author, categories and tags as three JSON columns of its own row (posts `p`), tags by
 * name: a page of a list (an article, a post in the editor) reads its rows and their relations in one
 * statement, one round trip and one plan fewer than a second statement after the page's.
 * `categories`: a JSON array of the post's categories as the list shows them.
 */
const rowRelationsSql = (categories: string) => `
  (SELECT json_build_object('id', u.id, 'username', u.username, 'display_name', u.display_name, 'role', u.role)
     FROM users u WHERE u.id = p.user_id) AS relation_author,
  (${categories}) AS relation_categories,
  (SELECT coalesce(json_agg(t.name ORDER BY t.name), '[]')
     FROM post_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id) AS relation_tags`;

/** For readers: the visible categories, by name. */
export const ROW_RELATIONS_SQL =
  rowRelationsSql(`SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name, c.id), '[]')
     FROM post_categories pc JOIN categories c ON c.id = pc.category_id
    WHERE pc.post_id = p.id AND ${VISIBLE_CATEGORY_SQL}`);

/** For the panel: every category of the post, enabled or not, as ids. */
export const ADMIN_ROW_RELATIONS_SQL = rowRelationsSql(
  `SELECT coalesce(json_agg(pc.category_id ORDER BY pc.category_id), '[]') FROM post_categories pc WHERE pc.post_id = p.id`,
);

/** A row read with ROW_RELATIONS_SQL's (or ADMIN_ROW_RELATIONS_SQL's) columns. */
export type WithRowRelations<R, Category = { id: number; name: string }> = R & {
  relation_author: AuthorRow | null;
  relation_categories: Category[];
  relation_tags: string[];
};

/** The rows without their relation columns, and those columns as the page's relations. */
export function rowRelations<R extends { id: number }, Category = { id: number; name: string }>(
  read: WithRowRelations<R, Category>[],
): { rows: R[]; relations: RowRelations<Category> } {
  const relations: RowRelations<Category> = { authors: new Map(), categories: new Map(), tags: new Map() };
  const rows = read.map(({ relation_author: author, relation_categories, relation_tags, ...row }) => {
    if (author) relations.authors.set(author.id, author);
    if (relation_categories.length > 0) relations.categories.set(row.id, relation_categories);
    if (relation_tags.length > 0) relations.tags.set(row.id, relation_tags);
    return row as unknown as R;
  });
  return { rows, relations };
}
