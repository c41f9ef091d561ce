import { QueryTypes } from 'sequelize';
import type { Db } from '../../deps.ts';
import type { ImportJob } from '@blog/shared';
import type { ImportedAccount } from './import-report.ts';

interface AccountRow {
  id: number;
  username: string;
  display_name: string | null;
  is_active: boolean;
}

/**
 * The accounts of the jobs' reports as they are now: an admin activates or maps them after the
 * import, and the result screen shows what is left to do. An account gone from `users` was mapped
 * (the import's record of its author points at the account that got its posts) or deleted. Reports
 * written before the list existed get an empty one.
 */
export async function withCurrentAccounts(db: Db, jobs: ImportJob[]): Promise<ImportJob[]> {
  // Presented jobs: their reports already fit the contract, whatever the rows held.
  const reports = jobs.flatMap((job) => (job.result ? [job.result] : []));
  const ids = [...new Set(reports.flatMap((report) => report.accounts.map((account) => account.userId)))];
  if (ids.length === 0) return jobs;
  const rows = await db.sequelize.query<AccountRow>(
    'SELECT id, username, display_name, is_active FROM users WHERE id IN (:ids)',
    { type: QueryTypes.SELECT, replacements: { ids }, transaction: db.transaction },
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const report of reports)
    report.accounts = await Promise.all(
      report.accounts.map((account) => current(db, report, account, byId.get(account.userId))),
    );
  return jobs;
}

async function current(
  db: Db,
  report: NonNullable<ImportJob['result']>,
  account: ImportedAccount,
  row: AccountRow | undefined,
): Promise<ImportedAccount> {
  if (row)
    return {
      ...account,
      username: row.username,
      displayName: row.display_name,
      state: row.is_active ? 'active' : 'inactive',
      mappedTo: null,
    };
  const [mapped] = await db.sequelize.query<{ id: number; username: string }>(
    `SELECT u.id, u.username FROM import_sources s JOIN users u ON u.id = s.local_id
      WHERE s.source = :source AND s.kind = 'user' AND s.source_id = :sourceId`,
    {
      type: QueryTypes.SELECT,
      replacements: { source: `${report.source.kind}:${report.source.site}`, sourceId: account.sourceId },
      transaction: db.transaction,
    },
  );
  return { ...account, state: 'removed', mappedTo: mapped ?? null };
}
