import { can } from '@blog/shared/policy';
import { ID_MAX } from '@blog/shared/rules';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { endUserSessions } from '../auth/sessions.ts';
import { User } from './user.model.ts';
import { USER_NOT_FOUND } from './users.service.ts';

export const MAP_TEXTS = {
  targetId: 'Wybierz konto, do którego mają trafić wpisy.',
  notImported:
    'Przypisać do innego konta można tylko nieaktywne konto utworzone przez import (przed aktywacją).',
  sameAccount: 'Konta nie można przypisać do niego samego.',
  targetMissing: 'Wybrane konto nie istnieje.',
  targetRole: 'Wpisy można przypisać tylko kontu administratora lub wydawcy.',
  done: (posts: number, username: string) =>
    `Konto z importu przypisano do konta „${username}” (przeniesione wpisy: ${posts}) i usunięto.`,
} as const;

export const mapImportedUserSchema = z
  .object({
    targetId: z.number({ error: MAP_TEXTS.targetId }).int(MAP_TEXTS.targetId).min(1).max(ID_MAX),
  })
  .strict();

/**
 * An account an import created (inactive, never activated) is a person who already has an account
 * here: in one transaction its posts and revisions move to that account, the import's record points
 * there (a later import of the same file uses it), and the imported account is removed. Both rows are
 * locked in id order, so two mappings or a mapping and a delete queue instead of deadlocking.
 */
export async function mapImportedUser(
  deps: Pick<Deps, 'sequelize' | 'redis' | 'config'>,
  id: number,
  targetId: number,
): Promise<{ target: User; movedPosts: number }> {
  if (id === targetId) throw badRequest(MAP_TEXTS.sameAccount, 'targetId');
  const outcome = await deps.sequelize.transaction(async (transaction) => {
    const rows = await User.findAll({
      where: { id: [id, targetId] },
      order: [['id', 'ASC']],
      lock: transaction.LOCK.UPDATE,
      transaction,
    });
    const imported = rows.find((row) => row.id === id);
    const target = rows.find((row) => row.id === targetId);
    if (!imported) throw notFound(USER_NOT_FOUND);
    if (!imported.importPending || imported.isActive) throw conflict(MAP_TEXTS.notImported);
    if (!target) throw badRequest(MAP_TEXTS.targetMissing, 'targetId');
    // The posts go to an account that may write posts.
    if (!can(target, 'createPost')) throw badRequest(MAP_TEXTS.targetRole, 'targetId');
    const query = (sql: string) => deps.sequelize.query(sql, { replacements: { id, targetId }, transaction });
    // The posts would go with the account (ON DELETE CASCADE): they move first.
    const [, moved] = (await query(
      'UPDATE posts SET user_id = :targetId, version = version + 1 WHERE user_id = :id',
    )) as [unknown, { rowCount?: number | null }];
    await query('UPDATE post_revisions SET author_id = :targetId WHERE author_id = :id');
    await query("UPDATE import_sources SET local_id = :targetId WHERE kind = 'user' AND local_id = :id");
    await imported.destroy({ transaction });
    return { target, movedPosts: moved.rowCount ?? 0 };
  });
  // An inactive account has no session; ended anyway, as every removal does.
  await endUserSessions(deps, id);
  return outcome;
}
