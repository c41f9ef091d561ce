import { rm } from 'node:fs/promises';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import type { Config } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import type { ImportReport } from './import-report.ts';
import type { ImportKind } from './import-sniff.ts';

export const IMPORT_IN_PROGRESS = 'Trwa już inny import. Poczekaj, aż się zakończy, i spróbuj ponownie.';
export const IMPORT_NOT_FOUND = 'Nie ma takiego importu.';
/** How many jobs the panel lists. */
const RECENT_JOBS = 20;

export type ImportJobStatus = 'queued' | 'running' | 'done' | 'failed';
export type ImportStage = 'queued' | 'reading' | 'posts' | 'finished';

export interface ImportJobRow {
  id: number;
  status: ImportJobStatus;
  kind: ImportKind;
  file_name: string;
  file_size: string;
  staged_file: string | null;
  stage: ImportStage;
  done: number;
  total: number;
  report: ImportReport | null;
  error: string | null;
  user_id: number | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** Where uploads wait for the worker (DATA_DIR/imports): the API writes, the worker reads and deletes. */
export const importStagingDir = (config: Pick<Config, 'DATA_DIR'>) =>
  path.join(path.resolve(config.DATA_DIR), 'imports');

type Db = Pick<Deps, 'sequelize'>;

export const IMPORT_ABANDONED =
  'Import nie zakończył się w ciągu 6 godzin (proces roboczy nie działał); nic nie zapisano. Prześlij plik ponownie.';

/**
 * Jobs queued or running for longer than any import takes: their worker is gone for good (a run is one
 * transaction, so nothing of it was kept). Marked failed and their uploads deleted, so that one lost
 * job cannot keep every later import a 409.
 */
async function abandonStaleImports(deps: Db, stagingDir: string): Promise<void> {
  const [rows] = (await deps.sequelize.query(
    `WITH stale AS (
       SELECT id, staged_file FROM import_jobs
        WHERE status IN ('queued', 'running') AND created_at < now() - interval '6 hours' FOR UPDATE)
     UPDATE import_jobs SET status = 'failed', stage = 'finished', error = :error, finished_at = now(),
            staged_file = NULL
       FROM stale WHERE import_jobs.id = stale.id
     RETURNING stale.staged_file`,
    { replacements: { error: IMPORT_ABANDONED } },
  )) as [{ staged_file: string | null }[], unknown];
  for (const row of rows)
    if (row.staged_file) await rm(path.join(stagingDir, path.basename(row.staged_file)), { force: true });
}

/** Whether an import is queued or running: a new upload is refused before a byte of it is stored. */
export async function assertNoActiveImport(deps: Db, stagingDir: string): Promise<void> {
  await abandonStaleImports(deps, stagingDir);
  const [active] = await deps.sequelize.query(
    "SELECT 1 FROM import_jobs WHERE status IN ('queued', 'running') LIMIT 1",
    { type: QueryTypes.SELECT },
  );
  if (active) throw conflict(IMPORT_IN_PROGRESS);
}

/**
 * Queues the import of a staged upload: the job row and its `import.requested` event in one
 * transaction (the outbox hands it to the worker). The partial unique index on active jobs makes a
 * second concurrent upload a 409 even when both passed the early check.
 */
export async function queueImport(
  deps: Pick<Deps, 'sequelize' | 'events'>,
  upload: { kind: ImportKind; fileName: string; size: number; stagedFile: string },
  userId: number | null,
): Promise<ImportJobRow> {
  try {
    return await deps.sequelize.transaction(async (transaction) => {
      const [rows] = (await deps.sequelize.query(
        `INSERT INTO import_jobs (kind, file_name, file_size, staged_file, user_id)
         VALUES (:kind, :fileName, :size, :stagedFile, :userId) RETURNING *`,
        {
          replacements: { ...upload, fileName: upload.fileName.slice(0, 255) || 'plik', userId },
          transaction,
        },
      )) as [ImportJobRow[], unknown];
      const job = rows[0]!;
      await deps.events.record({ type: 'import.requested', payload: { importJobId: job.id } }, transaction);
      return job;
    });
  } catch (err) {
    const constraint = (err as { parent?: { constraint?: unknown } }).parent?.constraint;
    if (constraint === 'import_jobs_one_active') throw conflict(IMPORT_IN_PROGRESS);
    throw err;
  }
}

export async function recentImportJobs(deps: Db): Promise<ImportJobRow[]> {
  return deps.sequelize.query<ImportJobRow>(
    `SELECT * FROM import_jobs ORDER BY created_at DESC, id DESC LIMIT ${RECENT_JOBS}`,
    { type: QueryTypes.SELECT },
  );
}

export async function findImportJob(deps: Db, id: number): Promise<ImportJobRow> {
  const [job] = await deps.sequelize.query<ImportJobRow>('SELECT * FROM import_jobs WHERE id = :id', {
    type: QueryTypes.SELECT,
    replacements: { id },
  });
  if (!job) throw notFound(IMPORT_NOT_FOUND);
  return job;
}
