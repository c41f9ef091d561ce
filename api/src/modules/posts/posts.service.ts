import { NOT_FOUND_TEXTS } from '@blog/shared/messages';
import { QueryTypes } from 'sequelize';
import type { Db } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { Comment } from '../comments/comment.model.ts';
import { sanitizePostHtml } from '../../html/sanitize-html.ts';
import { searchVisiblePosts } from '../search/post-search.service.ts';
import type { SearchStage } from '../search/post-search.ts';
import {
  loadPostRelations,
  type PostRelations,
  type PostRow,
  READING_TIME_SQL,
  VISIBLE_POST_SQL,
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
  const conditions = [VISIBLE_POST_SQL];
  if (categoryId !== undefined) {
    conditions.push(`EXISTS (SELECT 1 FROM post_categories fc JOIN categories f ON f.id = fc.category_id
       WHERE fc.post_id = p.id AND fc.category_id = :categoryId AND f.enabled)`);
  }
  // Tags are unique by lower(name) (its index finds the one tag); post_tags' key leads with post_id.
  if (tag) {
    conditions.push(`EXISTS (SELECT 1 FROM post_tags ft JOIN tags t ON t.id = ft.tag_id
       WHERE ft.post_id = p.id AND lower(t.name) = lower(:tag))`);
  }
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
  const listed = async (
    tx: Db,
    where: string,
    replacements: Record<string, unknown>,
    score: string,
    total: Promise<number>,
  ) =>
    Promise.all([
      // The page is chosen first (without a search, from the (published, created_at, id) index); only
      // its rows are then read whole and get their reading time (computing it for every visible post
      // cost 1.3 s at 10k).
      tx.sequelize.query<PostRow & { score: number }>(
        `SELECT p.id, p.title, p.slug, p.excerpt, p.image_url, p.meta_description, p.social_image_url,
                p.created_at, p.updated_at, p.user_id, ${READING_TIME_SQL} AS reading_time
           FROM (SELECT p.id, ${score} AS score FROM posts p
                  WHERE ${where}
                  ORDER BY score DESC, p.created_at DESC, p.id DESC
                  ${paged ? 'LIMIT :limit OFFSET :offset' : ''}) page
           JOIN posts p ON p.id = page.id
          ORDER BY page.score DESC, p.created_at DESC, p.id DESC`,
        { type: QueryTypes.SELECT, replacements, transaction: tx.transaction },
      ),
      total,
    ]);

  // The page's columns, in the order of `ids`.
  const pageRows = async (tx: Db, ids: number[]): Promise<PostRow[]> => {
    if (ids.length === 0) return [];
    const found = await tx.sequelize.query<PostRow>(
      `SELECT p.id, p.title, p.slug, p.excerpt, p.image_url, p.meta_description, p.social_image_url,
              p.created_at, p.updated_at, p.user_id, ${READING_TIME_SQL} AS reading_time
         FROM posts p WHERE p.id IN (:ids)`,
      { type: QueryTypes.SELECT, transaction: tx.transaction, replacements: { ids } },
    );
    const byId = new Map(found.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };

  // A searched page by levels (the order of `score DESC, created_at DESC, id DESC` without scoring
  // every match): the posts with a term in the title or excerpt (stage.head, found from search_head's
  // index; few) ranked in full, then the others, which all score one per term, newest first from the
  // (published, created_at, id) index, walked only as far as the page needs.
  const rankedPage = async (
    tx: Db,
    where: string,
    replacements: Record<string, unknown>,
    stage: SearchStage,
  ): Promise<PostRow[]> => {
    const options = { type: QueryTypes.SELECT, transaction: tx.transaction } as const;
    const idsOf = (sql: string, values: Record<string, unknown>) =>
      tx.sequelize
        .query<{ id: number }>(sql, { ...options, replacements: { ...replacements, ...values } })
        .then((found) => found.map((row) => row.id));
    const headWhere = [...conditions, `(${stage.headWhere})`].join(' AND ');
    const ids = await idsOf(
      `SELECT p.id FROM posts p WHERE ${headWhere}
        ORDER BY ${stage.score} DESC, p.created_at DESC, p.id DESC LIMIT :limit OFFSET :offset`,
      {},
    );
    if (ids.length < limit) {
      // The level's size: this page holds its end, or it ends on an earlier page.
      const inHead =
        ids.length > 0
          ? baseReplacements.offset + ids.length
          : (
              await tx.sequelize.query<{ total: number }>(
                `SELECT count(*)::int AS total FROM posts p WHERE ${headWhere}`,
                { ...options, replacements },
              )
            )[0]!.total;
      ids.push(
        ...(await idsOf(
          `SELECT p.id FROM posts p WHERE ${where} AND NOT coalesce(${stage.head}, false)
            ORDER BY p.created_at DESC, p.id DESC LIMIT :restLimit OFFSET :restOffset`,
          {
            restLimit: limit - ids.length,
            restOffset: Math.max(0, baseReplacements.offset - inHead),
          },
        )),
      );
    }
    return pageRows(tx, ids);
  };

  // A searched page and its exact count in one statement (when the count is to be made): the
  // stage's matching posts looked up once (`found`, its index lookups feeding the count and the page),
  // those with a term in the title or excerpt among them found from search_head's index and ranked
  // (`head`), the others scoring one per term. The order is `score DESC, created_at DESC, id DESC`
  // over all matches, as rankedPage's levels give it.
  const visible = conditions.join(' AND ');
  const countedPage = async (
    tx: Db,
    where: string,
    replacements: Record<string, unknown>,
    stage: SearchStage,
  ): Promise<{ total: number; ids: number[] }> => {
    const [counted] = await tx.sequelize.query<{ total: number; ids: number[] | null }>(
      `WITH found AS MATERIALIZED (${
        stage.split
          ? // From the posts the word index finds, read once (no ids to hash and join back); the lookup
            // kept apart (OFFSET 0) so that the planner cannot read every visible post instead and test
            // its long vector out of line.
            `SELECT p.id, p.created_at
               FROM (SELECT w.id, w.created_at, w.published FROM posts w WHERE ${stage.split.indexed}
                     UNION ALL
                     SELECT w.id, w.created_at, w.published FROM posts w WHERE ${stage.split.inexact}
                     OFFSET 0) p
              WHERE ${visible}`
          : `SELECT p.id, p.created_at FROM posts p WHERE ${where}`
      }),
            head AS MATERIALIZED (${
              stage.headIds
                ? // From the few posts with a term in the title or excerpt (not from every match).
                  stage.headScore
                  ? // … scored from the id sets alone (found's rows as `p`: its id and date).
                    `SELECT p.id, p.created_at, ${stage.headScore} AS score
                       FROM (SELECT DISTINCT head_ids.id FROM (${stage.headIds}) head_ids) head_ids
                       JOIN found p ON p.id = head_ids.id`
                  : `SELECT p.id, p.created_at, ${stage.score} AS score
                       FROM (SELECT DISTINCT head_ids.id FROM (${stage.headIds}) head_ids) head_ids
                       JOIN found ON found.id = head_ids.id JOIN posts p ON p.id = found.id`
                : `SELECT p.id, p.created_at, ${stage.score} AS score FROM posts p
                    WHERE p.id IN (SELECT found.id FROM found) AND ${stage.headFound}`
            }),
            page AS (
              SELECT head.id, head.score, head.created_at FROM head
              UNION ALL
              SELECT found.id, :termCount, found.created_at FROM found
               WHERE found.id NOT IN (SELECT head.id FROM head)
              ORDER BY score DESC, created_at DESC, id DESC LIMIT :limit OFFSET :offset)
       SELECT (SELECT count(*) FROM found)::int AS total,
              (SELECT array_agg(page.id ORDER BY page.score DESC, page.created_at DESC, page.id DESC)
                 FROM page) AS ids`,
      {
        type: QueryTypes.SELECT,
        replacements: { ...replacements, termCount: stage.terms.length },
        transaction: tx.transaction,
      },
    );
    return { total: counted!.total, ids: counted!.ids ?? [] };
  };

  let rows: PostRow[];
  let total: number;
  let relations: PostRelations | undefined;
  if (!search) {
    const where = conditions.join(' AND ');
    // The page's authors, categories and tags are read while the exact count still runs: after a change
    // it is counted anew (~4 ms at 10,000 posts), longer than the page's own query.
    const counting = countWhere(db, where, baseReplacements, countKey);
    const reading = listed(db, where, baseReplacements, '0', Promise.resolve(0)).then(async ([pageRows]) => ({
      pageRows,
      pageRelations: await loadPostRelations(db, pageRows),
    }));
    const [read, counted] = await Promise.all([reading, counting]);
    ({ pageRows: rows, pageRelations: relations } = read);
    total = counted;
  } else {
    const found = await searchVisiblePosts(db, search, async (tx, stage, last) => {
      const where = [...conditions, stage.where].join(' AND ');
      const replacements = { ...baseReplacements, ...stage.replacements };
      const key = `${countKey}\u0000${stage.name}`;
      if (paged) {
        // The count made here (no memo, or a miss) brings the page with it.
        let page: number[] | null = null;
        const count = async () => {
          const counted = await countedPage(tx, where, replacements, stage);
          page = counted.ids;
          return counted.total;
        };
        const stageTotal = options.total ? await options.total(key, count) : await count();
        if (stageTotal === 0 && !last) return null;
        if (page !== null) return { rows: await pageRows(tx, page), total: stageTotal };
        if (stageTotal > 0)
          return { rows: await rankedPage(tx, where, replacements, stage), total: stageTotal };
        const [stageRows] = await listed(tx, where, replacements, stage.score, Promise.resolve(stageTotal));
        return { rows: stageRows, total: stageTotal };
      }
      // Unpaged: every match ranked.
      const stageTotal = await countWhere(tx, where, replacements, key);
      if (stageTotal === 0 && !last) return null;
      const [stageRows] = await listed(tx, where, replacements, stage.score, Promise.resolve(stageTotal));
      return { rows: stageRows, total: stageTotal };
    });
    ({ rows, total } = found);
  }
  const effectiveLimit = paged ? limit : Math.max(total, 1);
  return {
    rows,
    relations: relations ?? (await loadPostRelations(db, rows)),
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
  comments: Comment[];
}

/** One visible post by slug, or by numeric id (admin comment links use the id). Hidden → not found. */
export async function getVisiblePost(
  db: Db,
  slugOrId: string,
  options: { includeHidden?: boolean } = {},
): Promise<PostDetail> {
  const id = /^\d{1,10}$/.test(slugOrId) && Number(slugOrId) <= MAX_INT ? Number(slugOrId) : null;
  const rows = await db.sequelize.query<
    PostRow & { content: string; meta_title: string | null; image_alt: string | null }
  >(
    `SELECT p.id, p.title, p.slug, p.excerpt, p.image_url, p.image_alt, p.meta_description, p.social_image_url,
            p.created_at, p.updated_at, p.user_id, p.content, p.meta_title, ${READING_TIME_SQL} AS reading_time
       FROM posts p
      WHERE (p.slug = :slug ${id === null ? '' : 'OR p.id = :id'})
        ${options.includeHidden ? '' : `AND ${VISIBLE_POST_SQL}`}
      ORDER BY (p.slug = :slug) DESC
      LIMIT 1`,
    { type: QueryTypes.SELECT, replacements: { slug: slugOrId, id }, transaction: db.transaction },
  );
  const row = rows[0];
  if (!row) throw notFound(NOT_FOUND_TEXTS.article);
  const [relations, comments] = await Promise.all([
    loadPostRelations(db, [row]),
    Comment.findAll({
      // A comment waiting for approval is the moderators' only.
      where: { postId: row.id, status: 'approved' },
      order: [
        ['createdAt', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction: db.transaction,
    }),
  ]);
  return {
    row,
    content: sanitizePostHtml(row.content),
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
