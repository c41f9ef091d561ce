import { col, fn, Op, where } from 'sequelize';
import type { Db } from '../../deps.ts';
import { type AuthUser, authUserFields } from '../../http/auth.ts';
import { User } from './user.model.ts';

/** Usernames and e-mail addresses are unique whatever their case ('Ola' and 'ola' are one account). */
export const findUserByUsername = (db: Db, username: string) =>
  User.findOne({
    where: where(fn('lower', col('username')), username.toLowerCase()),
    transaction: db.transaction,
  });

export const findUserByEmail = (db: Db, email: string) =>
  User.findOne({ where: where(fn('lower', col('email')), email.toLowerCase()), transaction: db.transaction });

/** Another account (not `exceptId`) already using this username or e-mail, if any. */
export async function findClash(
  db: Db,
  values: { username?: string; email?: string | null },
  exceptId?: number,
): Promise<'username' | 'email' | null> {
  const others = exceptId === undefined ? {} : { id: { [Op.ne]: exceptId } };
  if (values.username !== undefined) {
    const clash = await User.findOne({
      where: { [Op.and]: [where(fn('lower', col('username')), values.username.toLowerCase()), others] },
      attributes: ['id'],
      transaction: db.transaction,
    });
    if (clash) return 'username';
  }
  if (values.email) {
    const clash = await User.findOne({
      where: { [Op.and]: [where(fn('lower', col('email')), values.email.toLowerCase()), others] },
      attributes: ['id'],
      transaction: db.transaction,
    });
    if (clash) return 'email';
  }
  return null;
}

export const CLASH_MESSAGES = {
  username: 'Ta nazwa użytkownika jest już zajęta',
  email: 'Ten adres e-mail jest już używany przez inne konto',
} as const;

export const toAuthUser = (user: User): AuthUser => authUserFields(user);
