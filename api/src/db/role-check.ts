import { ROLES, type Role } from '@blog/shared/policy';

/** The name of the users.role check constraint (migration 0001 created it under this name). */
export const ROLE_CHECK_CONSTRAINT = 'users_role_check';

/**
 * The users.role check, built from a list of roles: `CHECK (role IN ('admin', …))`.
 *
 * The policy's ROLES is the list; the database holds a copy because a check constraint cannot read
 * TypeScript. A migration that changes the roles replaces the constraint with this expression, passing
 * the list it means (written out in the migration, so that it keeps doing what it did when ROLES
 * moves on again):
 *
 *   ALTER TABLE users DROP CONSTRAINT users_role_check,
 *     ADD CONSTRAINT users_role_check ${roleCheckSql(['admin', 'publisher', 'subscriber', 'editor'])};
 *
 * db/sql-truths.test.ts compares the migrated database's constraint with roleCheckSql(ROLES), so the
 * list and the constraint cannot part: adding a role to ROLES without such a migration fails it.
 */
export function roleCheckSql(roles: readonly Role[] | readonly string[] = ROLES): string {
  if (roles.length === 0) throw new Error('roleCheckSql: at least one role');
  for (const role of roles) {
    if (!/^[a-z_]+$/.test(role)) throw new Error(`roleCheckSql: "${role}" is not a role name`);
  }
  return `CHECK (role IN (${roles.map((role) => `'${role}'`).join(', ')}))`;
}
