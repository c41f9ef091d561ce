import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { col, fn, where } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import {
  generateTemporaryPassword,
  hashPassword,
  passwordRuleViolation,
} from '../../modules/auth/password.ts';
import { User } from '../../modules/users/user.model.ts';
import { takeSeedLock } from './seed-lock.ts';

export type FirstAdminConfig = Pick<Config, 'ADMIN_USERNAME' | 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'dataDir'>;

export interface CreatedAdmin {
  username: string;
  /** Only when it was generated; it is also in `<dataDir>/initial-admin-password.txt`. */
  password?: string;
}

export const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password.txt';

async function writePasswordFile(dataDir: string, password: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  // `mode` applies only when the file is new; a file left by an earlier attempt is tightened too.
  await chmod(file, 0o600);
}

function chosenPassword(config: FirstAdminConfig): { password: string; generated: boolean } {
  if (config.ADMIN_PASSWORD === undefined) return { password: generateTemporaryPassword(), generated: true };
  const violation = passwordRuleViolation(config.ADMIN_PASSWORD);
  if (violation) {
    throw new Error(
      `ADMIN_PASSWORD does not meet the password rules (at least 8 characters with an uppercase letter, ` +
        `a lowercase letter, a digit and a special character): ${violation}`,
    );
  }
  return { password: config.ADMIN_PASSWORD, generated: false };
}

/** Creates the first admin when the database has none; returns what it created. */
export async function ensureFirstAdmin(
  sequelize: Sequelize,
  config: FirstAdminConfig,
  logger: Logger,
): Promise<CreatedAdmin | undefined> {
  return sequelize.transaction(async (transaction) => {
    await takeSeedLock(sequelize, transaction);
    if (await User.findOne({ where: { role: 'admin' }, attributes: ['id'], transaction })) return undefined;

    const username = config.ADMIN_USERNAME;
    const sameName = await User.findOne({
      where: where(fn('lower', col('username')), username.toLowerCase()),
      attributes: ['id'],
      transaction,
    });
    if (sameName) {
      throw new Error(
        `Cannot create the first admin: the username "${username}" belongs to a user who is not an admin; set ADMIN_USERNAME to another name`,
      );
    }
    const email = config.ADMIN_EMAIL ?? null;
    if (
      email &&
      (await User.findOne({ where: where(fn('lower', col('email')), email.toLowerCase()), transaction }))
    ) {
      throw new Error('Cannot create the first admin: ADMIN_EMAIL already belongs to another user');
    }

    const { password, generated } = chosenPassword(config);
    await User.create(
      { username, email, passwordHash: await hashPassword(password), role: 'admin', isActive: true },
      { transaction },
    );
    // Written before commit: if the file cannot be written, no admin exists whose password nobody knows.
    if (generated) await writePasswordFile(config.dataDir, password);
    logger.info({ username, passwordGenerated: generated }, 'first admin created');
    return generated ? { username, password } : { username };
  });
}
