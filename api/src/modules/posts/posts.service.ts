import { NOT_FOUND_TEXTS } from '@blog/shared/messages';
import { QueryTypes } from 'sequelize';
import type { Db } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import type { PublicCommentRow } from '../comments/comments.presenter.ts';
import { servedPostHtml } from '../../html/served-html.ts';
import { type SearchedRow, searchVisiblePosts } from '../search/post-search.service.ts';
import { countedSearchPage, rankedSearchPage } from '../search/search-page.ts';
import {
  type PostRelations,
  type PostRow,
  READING_TIME_SQL,
  ROW_RELATIONS_SQL,
  rowRelations,
  VISIBLE_POST_SQL,
  VISIBLE_POST_STORED_SQL,
  type WithRowRelations,
} from './posts.queries.ts';

export const PUBLIC_PAGE_SIZE = 6;

export interface PostListQuery {
  page?: number;
  limit?: number;
  q?: string;
  /** A category page: only posts in this (visible) category. */
  category?: number;
  /** A tag page: only posts carrying this tag (any case). */
  tag?: string;
}

export interface PostList {
  rows: PostRow[];
  relations: PostRelations;
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

const MAX_INT = 2_147_483_647;

/**
 * Visible posts, newest first, or best match first when searched (modules/search: any word order,
 * diacritics folded, Polish inflection, one typo; every case-insensitive substring of title, excerpt
 * and plain text still matches), paged on the server. Without page and limit it returns every
 * visible post, as the original unpaged list call did.
 */
export async function listVisiblePosts(
  db: Db,
  query: PostListQuery,
  options: {
    /** Where the exact count comes from (a per-version memo); counted every time without it. */
    total?: (key: string, count: () => Promise<number>) => Promise<number>;
    /** Only posts of this (visible) category: the category feeds. */
    categoryId?: number;
  } = {},
): Promise<PostList> {
  const paged = query.page !== undefined || query.limit !== undefined;
  const limit = query.limit ?? PUBLIC_PAGE_SIZE;
  const page = query.page ?? 1;
  const search = query.q?.trim() ?? '';
  const categoryId = options.categoryId ?? query.category;
  const tag = query.tag?.trim() ?? '';
  // What the list is narrowed to besides visibility (a category, a tag).
  const filters: string[] = [];
  if (categoryId !== undefined) {
    filters.push(`EXISTS (SELECT 1 FROM post_categories fc JOIN categories f ON f.id = fc.category_id
       WHERE fc.post_id = p.id AND fc.category_id = :categoryId AND f.enabled)`);
  }
  // Tags are unique by lower(name) (its index finds the one tag); post_tags' key leads with post_id.
  if (tag) {
    filters.push(`EXISTS (SELECT 1 FROM post_tags ft JOIN tags t ON t.id = ft.tag_id
       WHERE ft.post_id = p.id AND lower(t.name) = lower(:tag))`);
  }
  const conditions = [VISIBLE_POST_SQL, ...filters];
  const baseReplacements = {
    limit,
    offset: (page - 1) * limit,
    categoryId: categoryId ?? null,
    tag,
  };
  const countKey = `${categoryId ?? ''}\u0000${tag.toLowerCase()}\u0000${search}`;
  const countWhere = (tx: Db, where: string, replacements: Record<string, unknown>, key: string) => {
    const count = async () => {
      const [{ total }] = await tx.sequelize.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM posts p WHERE ${where}`,
        { type: QueryTypes.SELECT, replacements, transaction: tx.transaction },
      );
      return total;
    };
    return options.total ? options.total(key, count) : count();
  };
  // Searched: best score first (modules/search); else 0 for all, so newest first.
  const listed = async (tx: Db, where: string, replacements: Record<string, unknown>, score: string) =>
    // The page is chosen first (without a search, from the (published, created_at, id) index); only
    // its rows are then read whole, with their relations, and get their reading time (computing it for
    // every visible post cost 1.3 s at 10k).
    tx.sequelize.query<WithRowRelations<PostRow>>(
      `SELECT p.id, p.title, p.slug, p.excerpt, p.image_url, p.meta_description, p.social_image_url,
                p.created_at, p.updated_at, p.user_id, ${READING_TIME_SQL} AS reading_time, ${ROW_RELATIONS_SQL}
           FROM (SELECT p.id, ${score} AS score FROM posts p
                  WHERE ${where}
                  ORDER BY score DESC, p.created_at DESC, p.id DESC
                  ${paged ? 'LIMIT :limit OFFSET :offset' : ''}) page
           JOIN posts p ON p.id = page.id
          ORDER BY page.score DESC, p.created_at DESC, p.id DESC`,
      { type: QueryTypes.SELECT, replacements, transaction: tx.transaction },
    );

  // A searched page's columns (and plain text, for its fragment), in the order of `ids`; a post the
  // tables do not show readers is left out (the search chose the ids by the stored visibility flag).
  const pageRows = async (tx: Db, ids: number[]): Promise<WithRowRelations<SearchedRow>[]> => {
    if (ids.length === 0) return [];
    const found = await tx.sequelize.query<WithRowRelations<SearchedRow>>(
      `SELECT p.id, p.title, p.slug, p.excerpt, p.image_url, p.meta_description, p.social_image_url,
              p.created_at, p.updated_at, p.user_id, ${READING_TIME_SQL} AS reading_time, p.content_text,
              ${ROW_RELATIONS_SQL}
         FROM posts p WHERE p.id IN (:ids) AND ${VISIBLE_POST_SQL}`,
      { type: QueryTypes.SELECT, transaction: tx.transaction, replacements: { ids } },
    );
    const byId = new Map(found.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };

  // The conditions with visibility read from the stored flag (VISIBLE_POST_STORED_SQL), for choosing
  // among many posts; a row shown is read with VISIBLE_POST_SQL.
  const storedConditions = [VISIBLE_POST_STORED_SQL, ...filters];
  let rows: PostRow[];
  let total: number;
  let relations: PostRelations;
  if (!search) {
    const where = conditions.join(' AND ');
    // The page (with its authors, categories and tags) is read while the exact count still runs: after a
    // change it is counted anew, longer than the page's own query. A number shows no post: counted by the
    // stored visibility flag, from posts_visible_created_at_id alone (1 ms instead of 8 at 10,000 posts).
    // Unpaged, every visible post is the answer: its length is the count.
    const counting = paged
      ? countWhere(db, storedConditions.join(' AND '), baseReplacements, countKey)
      : Promise.resolve(null);
    const [read, counted] = await Promise.all([listed(db, where, baseReplacements, '0'), counting]);
    ({ rows, relations } = rowRelations(read));
    total = counted ?? rows.length;
  } else {
    // The search tests thousands of matches: visibility from the stored flag, the page's rows then
    // read with the tables' own test (pageRows).
    const found = await searchVisiblePosts(db, search, async (tx, stage, last) => {
      const where = [...conditions, stage.where].join(' AND ');
      const replacements = { ...baseReplacements, ...stage.replacements };
      const key = `${countKey}\u0000${stage.name}`;
      if (paged) {
        const pageQuery = {
          stage,
          conditions: storedConditions,
          replacements,
          limit,
          offset: baseReplacements.offset,
        };
        // The count made here (no memo, or a miss) brings the page with it.
        let page: number[] | null = null;
        const count = async () => {
          const counted = await countedSearchPage(tx, pageQuery);
          page = counted.ids;
          return counted.total;
        };
        const stageTotal = options.total ? await options.total(key, count) : await count();
        if (stageTotal === 0 && !last) return null;
        if (page !== null) return { rows: await pageRows(tx, page), total: stageTotal };
        if (stageTotal > 0)
          return { rows: await pageRows(tx, await rankedSearchPage(tx, pageQuery)), total: stageTotal };
        const stageRows = await listed(tx, where, replacements, stage.score);
        return { rows: stageRows, total: stageTotal };
      }
      // Unpaged: every match ranked.
      const stageTotal = await countWhere(tx, where, replacements, key);
      if (stageTotal === 0 && !last) return null;
      const stageRows = await listed(tx, where, replacements, stage.score);
      return { rows: stageRows, total: stageTotal };
    });
    ({ rows, relations } = rowRelations(found.rows));
    total = found.total;
  }
  const effectiveLimit = paged ? limit : Math.max(total, 1);
  return {
    rows,
    relations,
    total,
    page: paged ? page : 1,
    limit: effectiveLimit,
    totalPages: Math.ceil(total / effectiveLimit),
  };
}

export interface PostDetail {
  row: PostRow & { image_alt: string | null };
  content: string;
  /** The SEO and sharing panel's title (the tab's and search result's), null when none. */
  metaTitle: string | null;
  relations: PostRelations;
  comments: PublicCommentRow[];
}

/** One visible post by slug, or by numeric id (admin comment links use the id). Hidden → not found. */
export async function getVisiblePost(
  db: Db,
  slugOrId: string,
  options: { includeHidden?: boolean } = {},
): Promise<PostDetail> {
  const id = /^\d{1,10}$/.test(slugOrId) && Number(slugOrId) <= MAX_INT ? Number(slugOrId) : null;
  // One statement: the post, its authors, categories and tags (ROW_RELATIONS_SQL) and its approved
  // comments, the columns readers see (a comment waiting for approval is the moderators' only).
  const rows = await db.sequelize.query<
    WithRowRelations<PostRow & { content: string; meta_title: string | null; image_alt: string | null }> & {
      approved_comments: (Omit<PublicCommentRow, 'createdAt'> & { createdAt: string })[];
    }
  >(
    `SELECT p.id, p.title, p.slug, p.excerpt, p.image_url, p.image_alt, p.meta_description, p.social_image_url,
            p.created_at, p.updated_at, p.user_id, p.content, p.meta_title, ${READING_TIME_SQL} AS reading_time,
            ${ROW_RELATIONS_SQL},
            (SELECT coalesce(json_agg(json_build_object('id', cm.id, 'postId', cm.post_id, 'author', cm.author,
                      'content', cm.content, 'createdAt', cm.created_at) ORDER BY cm.created_at, cm.id), '[]')
               FROM comments cm WHERE cm.post_id = p.id AND cm.status = 'approved') AS approved_comments
       FROM posts p
      WHERE (p.slug = :slug ${id === null ? '' : 'OR p.id = :id'})
        ${options.includeHidden ? '' : `AND ${VISIBLE_POST_SQL}`}
      ORDER BY (p.slug = :slug) DESC
      LIMIT 1`,
    { type: QueryTypes.SELECT, replacements: { slug: slugOrId, id }, transaction: db.transaction },
  );
  if (!rows[0]) throw notFound(NOT_FOUND_TEXTS.article);
  const { approved_comments: approved, ...read } = rows[0];
  const {
    rows: [row],
    relations,
  } = rowRelations([read]);
  const comments = approved.map((comment) => ({ ...comment, createdAt: new Date(comment.createdAt) }));
  return {
    row,
    content: servedPostHtml(row.content),
    metaTitle: row.meta_title,
    relations,
    comments,
  };
}

/** The id of a post a reader may see, or a not-found error. */
export async function requireVisiblePostId(db: Db, postId: number): Promise<number> {
  const rows = await db.sequelize.query<{ id: number }>(
    `SELECT p.id FROM posts p WHERE p.id = :postId AND ${VISIBLE_POST_SQL}`,
    {
      type: QueryTypes.SELECT,
      replacements: { postId },
      transaction: db.transaction,
    },
  );
  if (!rows[0]) throw notFound(NOT_FOUND_TEXTS.article);
  return rows[0].id;
}

export interface VisiblePostMeta {
  title: string;
  slug: string;
  excerpt: string | null;
  imageUrl: string | null;
  /** The SEO and sharing panel's fields; null when the post has none. */
  metaTitle: string | null;
  metaDescription: string | null;
  socialImageUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Display name, else username; null when the author's account is gone. */
  authorName: string | null;
  /** Visible categories, for the per-category feed links. */
  categories: { id: number; name: string }[];
}

/** What the served HTML of an article needs (meta tags, JSON-LD), for a post a reader may see (by slug only). */
export async function findVisiblePostMeta(db: Db, slug: string): Promise<VisiblePostMeta | null> {
  const rows = await db.sequelize.query<{
    title: string;
    slug: string;
    excerpt: string | null;
    image_url: string | null;
    meta_title: string | null;
    meta_description: string | null;
    social_image_url: string | null;
    created_at: Date;
    updated_at: Date;
    author_name: string | null;
    categories: { id: number; name: string }[] | null;
  }>(
    `SELECT p.title, p.slug, p.excerpt, p.image_url, p.meta_title, p.meta_description, p.social_image_url,
            p.created_at, p.updated_at,
            COALESCE(NULLIF(u.display_name, ''), u.username) AS author_name,
            (SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name, c.id)
               FROM post_categories pc JOIN categories c ON c.id = pc.category_id
              WHERE pc.post_id = p.id AND c.enabled) AS categories
       FROM posts p LEFT JOIN users u ON u.id = p.user_id
      WHERE p.slug = :slug AND ${VISIBLE_POST_SQL}`,
    { type: QueryTypes.SELECT, replacements: { slug }, transaction: db.transaction },
  );
  const row = rows[0];
  return row
    ? {
        title: row.title,
        slug: row.slug,
        excerpt: row.excerpt,
        imageUrl: row.image_url,
        metaTitle: row.meta_title,
        metaDescription: row.meta_description,
        socialImageUrl: row.social_image_url,
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
        authorName: row.author_name,
        categories: row.categories ?? [],
      }
    : null;
}

/** Slugs and last changes of every visible post, newest first (the sitemap). */
export async function listVisiblePostSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await db.sequelize.query<{ slug: string; updated_at: Date }>(
    `SELECT p.slug, p.updated_at FROM posts p WHERE ${VISIBLE_POST_SQL} ORDER BY p.created_at DESC, p.id DESC`,
    { type: QueryTypes.SELECT, transaction: db.transaction },
  );
  return rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_at }));
}
