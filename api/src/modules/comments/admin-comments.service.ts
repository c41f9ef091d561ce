import type { CommentStatus } from '@blog/shared/rules';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { Comment } from './comment.model.ts';

export interface AdminCommentRow {
  id: number;
  post_id: number;
  author: string;
  email: string;
  content: string;
  status: CommentStatus;
  created_at: Date;
  post_title: string | null;
  post_slug: string | null;
}

type WriteDeps = Pick<Deps, 'sequelize' | 'redis' | 'config'>;

/**
 * Approves a comment waiting in the queue: readers see it at once (the database trigger tells every
 * API process). Approving an approved comment changes nothing and answers the same.
 */
export async function approveComment(deps: WriteDeps, id: number): Promise<void> {
  const comment = await Comment.findByPk(id, { attributes: ['id', 'status'] });
  if (!comment) throw notFound('Komentarz nie został znaleziony.');
  if (comment.status === 'approved') return;
  await Comment.update({ status: 'approved' }, { where: { id, status: 'pending' } });
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
