import { displayNameSkeleton, nameSkeleton } from '@blog/shared/rules/name-skeleton';
import { QueryTypes } from 'sequelize';
import type { MigrationFn } from 'umzug';
import type { MigrationContext } from './index.ts';

/*
 * Look-alike account names (a Cyrillic „а” in „аdmin”): every account keeps the confusable skeleton
 * of its username and of its display name (@blog/shared/rules/name-skeleton), so „is there an
 * account this name looks like?” is one query over two indexes, and two usernames that look alike
 * cannot both be written (unique index): the database closes the race of two registrations at once.
 *
 * Existing rows are backfilled. Accounts that already looked alike are people's accounts, never
 * renamed or merged here: the oldest of them keeps the skeleton (so a new look-alike of any of them
 * is still refused), the others keep theirs NULL, and an admin renames or deletes one by hand.
 * Display names are not unique (two people may share a name): indexed only.
 *
 * Also `import_pending`: an account an import created, inactive until an admin activates it or maps
 * it to an existing account (only such an account may be mapped, and so removed). Accounts already
 * imported before are left as they are (they were created active, as the import did then).
 */

const UP = `
ALTER TABLE users ADD COLUMN IF NOT EXISTS username_skeleton text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS display_name_skeleton text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS import_pending boolean NOT NULL DEFAULT false;
`;

const INDEXES = `
CREATE UNIQUE INDEX IF NOT EXISTS users_username_skeleton_key ON users (username_skeleton);
CREATE INDEX IF NOT EXISTS users_display_name_skeleton ON users (display_name_skeleton);
`;

const DOWN = `
DROP INDEX IF EXISTS users_display_name_skeleton;
DROP INDEX IF EXISTS users_username_skeleton_key;
ALTER TABLE users DROP COLUMN IF EXISTS import_pending;
ALTER TABLE users DROP COLUMN IF EXISTS display_name_skeleton;
ALTER TABLE users DROP COLUMN IF EXISTS username_skeleton;
`;

export const up: MigrationFn<MigrationContext> = async ({ context }) => {
  const { sequelize } = context;
  await sequelize.transaction(async (transaction) => {
    await sequelize.query(UP, { transaction });
    const users = await sequelize.query<{ id: number; username: string; display_name: string | null }>(
      'SELECT id, username, display_name FROM users ORDER BY id',
      { type: QueryTypes.SELECT, transaction },
    );
    const taken = new Set<string>();
    const ids: number[] = [];
    const usernames: (string | null)[] = [];
    const displayNames: (string | null)[] = [];
    for (const user of users) {
      const skeleton = nameSkeleton(user.username);
      ids.push(user.id);
      usernames.push(taken.has(skeleton) ? null : skeleton);
      displayNames.push(displayNameSkeleton(user.display_name));
      taken.add(skeleton);
    }
    if (ids.length > 0)
      await sequelize.query(
        `UPDATE users u SET username_skeleton = f.username, display_name_skeleton = f.display_name
           FROM unnest($1::int[], $2::text[], $3::text[]) AS f(id, username, display_name) WHERE u.id = f.id`,
        { bind: [ids, usernames, displayNames], transaction },
      );
    await sequelize.query(INDEXES, { transaction });
  });
};

export const down: MigrationFn<MigrationContext> = async ({ context }) => {
  await context.sequelize.query(DOWN);
};
