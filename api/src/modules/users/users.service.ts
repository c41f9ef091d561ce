import { DEFAULT_ROLE, can } from '@blog/shared/policy';
import type { UserCreateValues, UserEditValues } from '@blog/shared/rules';
import { displayNameSkeleton } from '@blog/shared/rules/name-skeleton';
import { literal, type Transaction } from 'sequelize';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { generateTemporaryPassword, hashPassword, UNUSABLE_PASSWORD_HASH } from '../auth/password.ts';
import { endUserSessions } from '../auth/sessions.ts';
import {
  assertNewAccountNames,
  assertNoLookAlike,
  lockAccountNames,
  lookAlikeRace,
} from './look-alike-names.ts';
import { CLASH_MESSAGES, findClash } from './user-lookup.ts';
import { User } from './user.model.ts';

type UsersDeps = Pick<Deps, 'sequelize' | 'events' | 'redis' | 'config'>;

export const USER_NOT_FOUND = 'Użytkownik nie został znaleziony';
export const LAST_ADMIN = 'Musi pozostać co najmniej jeden aktywny administrator.';

/**
 * A new account whose temporary password the worker makes and e-mails (the address is required):
 * until it does, no password opens the account.
 */
export async function createUser(deps: UsersDeps, input: UserCreateValues): Promise<User> {
  return deps.sequelize
    .transaction(async (transaction) => {
      const db = { sequelize: deps.sequelize, transaction };
      // Taken, or looking like another account's ('аdmin' with a Cyrillic „а”): refused.
      await assertNewAccountNames(db, input);
      const user = await User.create(
        {
          username: input.username,
          email: input.email,
          displayName: input.displayName ?? null,
          role: input.role ?? DEFAULT_ROLE,
          isActive: true,
          passwordHash: UNUSABLE_PASSWORD_HASH,
        },
        { transaction },
      );
      await deps.events.record(
        { type: 'user.password-issued', payload: { userId: user.id, reason: 'created' } },
        transaction,
      );
      return user;
    })
    .catch((err: unknown) => {
      throw lookAlikeRace(err) ?? err;
    });
}

/**
 * Locks the active admins (always in id order, and before the row being changed, so two admins
 * changing each other queue instead of deadlocking); neither can then remove "the other" last admin.
 */
async function lockActiveAdmins(transaction: Transaction): Promise<number[]> {
  const admins = await User.findAll({
    where: { role: 'admin', isActive: true },
    attributes: ['id'],
    order: [['id', 'ASC']],
    lock: transaction.LOCK.UPDATE,
    transaction,
  });
  return admins.map((admin) => admin.id);
}

/** The account to change, locked, plus how many other active admins there are. */
async function loadForChange(transaction: Transaction, id: number) {
  const admins = await lockActiveAdmins(transaction);
  const user = await User.findByPk(id, { lock: transaction.LOCK.UPDATE, transaction });
  if (!user) throw notFound(USER_NOT_FOUND);
  return { user, otherAdmins: admins.filter((adminId) => adminId !== id).length };
}

export const USER_EDIT_CONFLICT =
  'Ktoś inny zmienił to konto w międzyczasie. Twoje zmiany nie zostały zapisane: odśwież listę i spróbuj ponownie.';

/** An admin's edit (the username never changes). Deactivation ends the user's sessions. */
export async function updateUser(
  deps: UsersDeps,
  actorId: number,
  id: number,
  input: UserEditValues,
): Promise<User> {
  if (Object.keys(input).length === 0) throw badRequest('Nie podano żadnych zmian.');
  const user = await deps.sequelize.transaction(async (transaction) => {
    const { user: target, otherAdmins } = await loadForChange(transaction, id);
    const losesAdmin =
      can(target, 'administerSite') &&
      target.isActive &&
      ((input.role !== undefined && !can({ role: input.role }, 'administerSite')) ||
        input.isActive === false);
    if (losesAdmin && target.id === actorId) {
      throw forbidden(
        input.isActive === false
          ? 'Nie możesz dezaktywować własnego konta.'
          : 'Nie możesz odebrać sobie roli administratora.',
      );
    }
    if (losesAdmin && otherAdmins === 0) throw conflict(LAST_ADMIN);
    if (input.email) {
      const clash = await findClash({ sequelize: deps.sequelize, transaction }, { email: input.email }, id);
      if (clash) throw conflict(CLASH_MESSAGES[clash], clash);
    }
    if (input.displayName) {
      const db = { sequelize: deps.sequelize, transaction };
      await lockAccountNames(db);
      await assertNoLookAlike(db, { displayName: input.displayName }, id);
    }
    // One conditional UPDATE: an edit loaded at an older version writes nothing (optimistic concurrency).
    const [updated] = await User.update(
      {
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.displayName !== undefined
          ? { displayName: input.displayName, displayNameSkeleton: displayNameSkeleton(input.displayName) }
          : {}),
        ...(input.role !== undefined ? { role: input.role } : {}),
        // An imported account an admin activates is an account like any other from then on.
        ...(input.isActive !== undefined
          ? { isActive: input.isActive, ...(input.isActive ? { importPending: false } : {}) }
          : {}),
        version: literal('version + 1') as unknown as number,
      },
      { where: input.version === undefined ? { id } : { id, version: input.version }, transaction },
    );
    if (updated === 0) throw conflict(USER_EDIT_CONFLICT, 'version');
    return target.reload({ transaction });
  });
  if (!user.isActive) await endUserSessions(deps, user.id);
  return user;
}

/** Deletes an account and, through the foreign key, its posts. Never yourself, never the last admin. */
export async function deleteUser(deps: UsersDeps, actorId: number, id: number): Promise<void> {
  if (id === actorId) throw forbidden('Nie możesz usunąć własnego konta.');
  await deps.sequelize.transaction(async (transaction) => {
    const { user: target, otherAdmins } = await loadForChange(transaction, id);
    if (can(target, 'administerSite') && target.isActive && otherAdmins === 0) {
      throw conflict(LAST_ADMIN);
    }
    await target.destroy({ transaction });
  });
  await endUserSessions(deps, id);
}

export interface PasswordResetOutcome {
  message: string;
  /** Only when the account has no e-mail: shown to the admin once, never stored in plain text. */
  password?: string;
}

/**
 * An admin's reset. With an e-mail address the worker sends the new password (it never travels
 * in this response); without one it is returned once. Either way the old one stops working at
 * once and the user's sessions end (except the admin's own, when resetting themselves).
 */
export async function resetUserPassword(
  deps: UsersDeps,
  actor: { id: number; sessionId: string },
  id: number,
): Promise<PasswordResetOutcome> {
  const temporary = generateTemporaryPassword();
  const temporaryHash = await hashPassword(temporary);
  const outcome = await deps.sequelize.transaction(async (transaction) => {
    const { user } = await loadForChange(transaction, id);
    const clearToken = { resetTokenHash: null, resetTokenExpiry: null };
    if (user.email) {
      await user.update({ passwordHash: UNUSABLE_PASSWORD_HASH, ...clearToken }, { transaction });
      await deps.events.record(
        { type: 'user.password-issued', payload: { userId: user.id, reason: 'reset' } },
        transaction,
      );
      return { message: 'Nowe hasło zostanie wysłane na adres e-mail użytkownika.' };
    }
    await user.update(
      { passwordHash: temporaryHash, passwordTemporary: true, ...clearToken },
      { transaction },
    );
    return { message: 'Hasło zostało zresetowane.', password: temporary };
  });
  await endUserSessions(deps, id, id === actor.id ? actor.sessionId : undefined);
  return outcome;
}
