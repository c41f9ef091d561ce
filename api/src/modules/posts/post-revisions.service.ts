import { NOT_FOUND_TEXTS } from '@blog/shared/messages';
import { QueryTypes, type Transaction } from 'sequelize';
import type { Db } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import type { AuthorRow } from './posts.queries.ts';

/** At most this many revisions are kept per post; the oldest go in the transaction that adds one. */
export const MAX_REVISIONS_PER_POST = 50;
export const REVISION_NOT_FOUND = 'Wersja posta nie została znaleziona.';

export interface RevisionRow {
  id: number;
  post_id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  image_url: string | null;
  image_alt: string | null;
  meta_title: string | null;
  meta_description: string | null;
  social_image_url: string | null;
  category_ids: number[];
  tags: string[];
  published: boolean;
  author_id: number | null;
  created_at: Date;
  author_username: string | null;
  author_display_name: string | null;
  author_role: AuthorRow['role'] | null;
}

/**
 * Keeps the post as it now stands (after a create, edit or restore, in that write's transaction) as a
 * new revision by `authorId`, then prunes the post's revisions to the newest MAX_REVISIONS_PER_POST.
 */
export async function recordRevision(
  db: Db & { transaction: Transaction },
  postId: number,
  authorId: number | null,
): Promise<void> {
  await db.sequelize.query(
    `INSERT INTO post_revisions
       (post_id, title, slug, excerpt, content, image_url, image_alt, meta_title, meta_description, social_image_url,
        category_ids, tags, published, author_id)
     SELECT p.id, p.title, p.slug, p.excerpt, p.content, p.image_url, p.image_alt,
            p.meta_title, p.meta_description, p.social_image_url,
            ARRAY(SELECT pc.category_id FROM post_categories pc WHERE pc.post_id = p.id ORDER BY 1),
            ARRAY(SELECT t.name FROM post_tags pt JOIN tags t ON t.id = pt.tag_id
                   WHERE pt.post_id = p.id ORDER BY t.name),
            p.published, :authorId
       FROM posts p WHERE p.id = :postId`,
    { replacements: { postId, authorId }, transaction: db.transaction },
  );
  await db.sequelize.query(
    `DELETE FROM post_revisions WHERE post_id = :postId AND id NOT IN (
       SELECT id FROM post_revisions WHERE post_id = :postId ORDER BY id DESC LIMIT :keep)`,
    { replacements: { postId, keep: MAX_REVISIONS_PER_POST }, transaction: db.transaction },
  );
}

const REVISION_COLUMNS = `r.id, r.post_id, r.title, r.slug, r.excerpt, r.image_url, r.image_alt,
  r.meta_title, r.meta_description, r.social_image_url, r.category_ids, r.tags,
  r.published, r.author_id, r.created_at,
  u.username AS author_username, u.display_name AS author_display_name, u.role AS author_role`;

/** The post's revisions, newest first, without their bodies. 404 when the post does not exist. */
export async function listRevisions(db: Db, postId: number): Promise<Omit<RevisionRow, 'content'>[]> {
  const [post] = await db.sequelize.query('SELECT id FROM posts WHERE id = :postId', {
    type: QueryTypes.SELECT,
    replacements: { postId },
    transaction: db.transaction,
  });
  if (!post) throw notFound(NOT_FOUND_TEXTS.post);
  return db.sequelize.query<Omit<RevisionRow, 'content'>>(
    `SELECT ${REVISION_COLUMNS} FROM post_revisions r LEFT JOIN users u ON u.id = r.author_id
      WHERE r.post_id = :postId ORDER BY r.id DESC`,
    { type: QueryTypes.SELECT, replacements: { postId }, transaction: db.transaction },
  );
}

/** One revision of the post, with its body; 404 when it is not one of this post's. */
export async function getRevision(db: Db, postId: number, revisionId: number): Promise<RevisionRow> {
  const [row] = await db.sequelize.query<RevisionRow>(
    `SELECT ${REVISION_COLUMNS}, r.content FROM post_revisions r LEFT JOIN users u ON u.id = r.author_id
      WHERE r.post_id = :postId AND r.id = :revisionId`,
    { type: QueryTypes.SELECT, replacements: { postId, revisionId }, transaction: db.transaction },
  );
  if (!row) throw notFound(REVISION_NOT_FOUND);
  return row;
}
