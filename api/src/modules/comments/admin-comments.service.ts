import { QueryTypes } from 'sequelize';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { Comment } from './comment.model.ts';

export interface AdminCommentRow {
  id: number;
  post_id: number;
  author: string;
  email: string;
  content: string;
  created_at: Date;
  post_title: string | null;
  post_slug: string | null;
}

type WriteDeps = Pick<Deps, 'sequelize' | 'redis' | 'config'>;

/** Every comment, newest first, with the title and slug of its post (links go to the slug). */
export async function listAdminComments(db: Db): Promise<AdminCommentRow[]> {
  return db.sequelize.query<AdminCommentRow>(
    `SELECT c.id, c.post_id, c.author, c.email, c.content, c.created_at, p.title AS post_title, p.slug AS post_slug
       FROM comments c LEFT JOIN posts p ON p.id = c.post_id
      ORDER BY c.created_at DESC, c.id DESC`,
    { type: QueryTypes.SELECT, transaction: db.transaction },
  );
}

export async function deleteComment(deps: WriteDeps, id: number): Promise<void> {
  const deleted = await Comment.destroy({ where: { id } });
  if (deleted === 0) throw notFound('Komentarz nie został znaleziony.');
}

/**
 * Deletes the given comments in one statement (so all or none). Ids that do not exist (already
 * deleted by another moderator) are skipped, as the contract says; `deleted` counts the real ones.
 */
export async function bulkDeleteComments(deps: WriteDeps, ids: number[]): Promise<number> {
  return Comment.destroy({ where: { id: [...new Set(ids)] } });
}
