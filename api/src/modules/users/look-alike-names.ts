import { ACCOUNT_MESSAGES } from '@blog/shared/rules';
import { displayNameSkeleton, nameSkeleton } from '@blog/shared/rules/name-skeleton';
import { QueryTypes, type Transaction } from 'sequelize';
import type { Db } from '../../deps.ts';
import { type AppError, conflict } from '../../errors.ts';
import { CLASH_MESSAGES, findClash } from './user-lookup.ts';

export type LookAlikeField = 'username' | 'displayName';

/** Why a name is refused: it looks like another account's username or display name. */
export const LOOK_ALIKE_MESSAGES: Record<LookAlikeField, string> = {
  username: ACCOUNT_MESSAGES.usernameConfusable,
  displayName: ACCOUNT_MESSAGES.displayNameConfusable,
};

/**
 * Serializes the writes of account names (registration, the admin's create and edit, an import) for
 * the rest of the transaction: the look-alike check below compares a username with display names too,
 * which no unique index can hold, so two writes must not both pass it at the same moment.
 */
export async function lockAccountNames(db: Db & { transaction: Transaction }): Promise<void> {
  await db.sequelize.query("SELECT pg_advisory_xact_lock(hashtext('blog:account-names'))", {
    transaction: db.transaction,
  });
}

/** Whether another account's username or display name has this skeleton (one query over two indexes). */
export async function skeletonTaken(db: Db, skeleton: string, exceptId?: number): Promise<boolean> {
  const rows = await db.sequelize.query(
    `SELECT 1 FROM users WHERE (username_skeleton = :skeleton OR display_name_skeleton = :skeleton)
        AND id <> :exceptId LIMIT 1`,
    {
      type: QueryTypes.SELECT,
      replacements: { skeleton, exceptId: exceptId ?? 0 },
      transaction: db.transaction,
    },
  );
  return rows.length > 0;
}

/**
 * The first of these names that looks like another account's username or display name (their
 * confusable skeletons are equal: 'аdmin' with a Cyrillic „а” and 'admin'), or null. An account's
 * own names (`exceptId`) never count against it.
 */
export async function findLookAlike(
  db: Db,
  values: { username?: string; displayName?: string | null },
  exceptId?: number,
): Promise<LookAlikeField | null> {
  if (values.username !== undefined && (await skeletonTaken(db, nameSkeleton(values.username), exceptId)))
    return 'username';
  const displayName = displayNameSkeleton(values.displayName);
  if (displayName !== null && (await skeletonTaken(db, displayName, exceptId))) return 'displayName';
  return null;
}

/** Refuses names that look like another account's, with the shared Polish message (409). */
export async function assertNoLookAlike(
  db: Db,
  values: { username?: string; displayName?: string | null },
  exceptId?: number,
): Promise<void> {
  const field = await findLookAlike(db, values, exceptId);
  if (field) throw conflict(LOOK_ALIKE_MESSAGES[field], field);
}

/**
 * The unique index on username skeletons refused a write another transaction raced in first (one
 * that did not take the lock above): the same 409 as the check.
 */
export function lookAlikeRace(err: unknown): AppError | undefined {
  const parent = (err as { parent?: { code?: unknown; constraint?: unknown } } | null)?.parent;
  return parent?.code === '23505' && parent.constraint === 'users_username_skeleton_key'
    ? conflict(LOOK_ALIKE_MESSAGES.username, 'username')
    : undefined;
}

/**
 * The names of a new account (registration, the admin's create), under the names lock for the rest of
 * the transaction: a username or e-mail already in use, or a name that looks like another account's,
 * is a 409 with its Polish message.
 */
export async function assertNewAccountNames(
  db: Db & { transaction: Transaction },
  values: { username: string; email?: string | null; displayName?: string | null },
): Promise<void> {
  await lockAccountNames(db);
  const clash = await findClash(db, values);
  if (clash) throw conflict(CLASH_MESSAGES[clash], clash);
  await assertNoLookAlike(db, values);
}
