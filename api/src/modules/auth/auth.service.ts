import { DEFAULT_ROLE } from '@blog/shared/policy';
import { ACCOUNT_MESSAGES } from '@blog/shared/rules';
import type { PasswordChangeValues, RegisterRequestValues } from '@blog/shared/rules';
import { Op } from 'sequelize';
import type { Deps } from '../../deps.ts';
import { badRequest, validationFailed } from '../../errors.ts';
import { assertNewAccountNames, lookAlikeRace } from '../users/look-alike-names.ts';
import { findUserByEmail, findUserByUsername } from '../users/user-lookup.ts';
import { User } from '../users/user.model.ts';
import { checkPassword, hashPassword, verifyPassword } from './password.ts';
import { hashResetToken } from './reset-token.ts';
import { endUserSessions } from './sessions.ts';

export const RESET_LINK_INVALID = ACCOUNT_MESSAGES.resetToken;

let timingHash: Promise<string> | undefined;
/** A real hash to verify against when the username is unknown, so both failures take as long. */
const hashForTiming = () => (timingHash ??= hashPassword('Nikt-nie-ma-tego-hasła-1'));

/** The active account these credentials open, or null: unknown, wrong and inactive look the same. */
export async function verifyCredentials(
  deps: Pick<Deps, 'sequelize'>,
  username: string,
  password: string,
): Promise<User | null> {
  const user = await findUserByUsername(deps, username);
  const matches = await checkPassword(user?.passwordHash ?? (await hashForTiming()), password);
  if (!user || !matches || !user.isActive) return null;
  // A hash made from the NFD form before passwords were normalized: from now on the NFC one opens it.
  if (matches === 'legacy') await user.update({ passwordHash: await hashPassword(password) });
  return user;
}

/** A reader's own account: always a subscriber, whatever the request says. */
export async function registerUser(
  deps: Pick<Deps, 'sequelize'>,
  input: RegisterRequestValues,
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  return deps.sequelize
    .transaction(async (transaction) => {
      const db = { sequelize: deps.sequelize, transaction };
      // Taken, or looking like another account's ('аdmin' with a Cyrillic „а”): refused.
      await assertNewAccountNames(db, input);
      return User.create(
        {
          username: input.username,
          email: input.email,
          displayName: input.displayName ?? null,
          passwordHash,
          role: DEFAULT_ROLE,
          isActive: true,
        },
        { transaction },
      );
    })
    .catch((err: unknown) => {
      throw lookAlikeRace(err) ?? err;
    });
}

/** The signed-in user's own change; every session of theirs ends (the caller starts a fresh one). */
export async function changeOwnPassword(
  deps: Pick<Deps, 'sequelize' | 'redis' | 'config'>,
  userId: number,
  input: PasswordChangeValues,
): Promise<void> {
  const user = await User.findByPk(userId);
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw validationFailed('Obecne hasło jest nieprawidłowe', 'currentPassword');
  }
  await user.update({ passwordHash: await hashPassword(input.newPassword), passwordTemporary: false });
  await endUserSessions(deps, userId);
}

/**
 * Step 1 of a self-service reset. Whether or not an active account has this address, the caller
 * learns nothing; when one has, the worker makes the token and sends the link.
 */
export async function requestPasswordReset(
  deps: Pick<Deps, 'sequelize' | 'events'>,
  email: string,
): Promise<void> {
  await deps.sequelize.transaction(async (transaction) => {
    const user = await findUserByEmail({ sequelize: deps.sequelize, transaction }, email);
    if (!user?.isActive) return;
    await deps.events.record({ type: 'password-reset.requested', payload: { userId: user.id } }, transaction);
  });
}

/** Step 2: a valid, unexpired token sets the password once; every session of the account ends. */
export async function confirmPasswordReset(
  deps: Pick<Deps, 'sequelize' | 'redis' | 'config' | 'clock'>,
  token: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const userId = await deps.sequelize.transaction(async (transaction) => {
    const user = await User.findOne({
      where: {
        resetTokenHash: hashResetToken(token),
        resetTokenExpiry: { [Op.gt]: deps.clock.now() },
        isActive: true,
      },
      lock: transaction.LOCK.UPDATE,
      transaction,
    });
    if (!user) throw badRequest(RESET_LINK_INVALID, 'token');
    await user.update(
      { passwordHash, passwordTemporary: false, resetTokenHash: null, resetTokenExpiry: null },
      { transaction },
    );
    return user.id;
  });
  await endUserSessions(deps, userId);
}
