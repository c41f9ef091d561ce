import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { ImageStorage } from '../images/image-storage.ts';
import { extractExportZip } from './export-zip.ts';
import { importStagingDir, type ImportJobRow } from './import-jobs.service.ts';
import type { SkippedItem } from './import-report.ts';
import { importDocument, importTargetOf } from './importer.service.ts';
import { readImportFile } from './read-import-file.ts';

export const IMPORT_FILE_GONE = 'Przesłany plik zniknął z serwera przed importem. Prześlij go ponownie.';
export const IMPORT_CRASHED = 'Import nie powiódł się z powodu błędu serwera; nic nie zapisano.';
/** Progress is written at most this often (a row update per post would slow a big import down). */
const PROGRESS_EVERY_MS = 250;

type RunnerDeps = Pick<Deps, 'sequelize' | 'config' | 'logger'>;

const update = (deps: RunnerDeps, id: number, set: string, replacements: Record<string, unknown> = {}) =>
  deps.sequelize.query(`UPDATE import_jobs SET ${set} WHERE id = :id`, {
    replacements: { ...replacements, id },
  });

/**
 * The worker's side of an import started in the panel: reads the staged upload with the same code as
 * `npm run import` (a ZIP is unpacked first into a folder of its own), imports it in one transaction
 * and writes the stage, the progress and finally the report or the Polish error to the job row. The
 * staged file is deleted at the end either way. A job already finished (a retried event) is left.
 */
export async function runImportJob(
  deps: RunnerDeps,
  storage: ImageStorage,
  jobId: number,
): Promise<{ status: 'done' | 'failed' | 'skipped' }> {
  const [rows] = (await deps.sequelize.query('SELECT * FROM import_jobs WHERE id = :id', {
    replacements: { id: jobId },
  })) as [ImportJobRow[], unknown];
  const job = rows[0];
  if (!job || job.status === 'done' || job.status === 'failed') return { status: 'skipped' };
  await update(deps, jobId, "status = 'running', stage = 'reading', started_at = now()");
  const staging = importStagingDir(deps.config);
  const staged = job.staged_file ? path.join(staging, path.basename(job.staged_file)) : null;
  let unpacked: string | undefined;
  try {
    const bytes = await (staged ? readFile(staged) : Promise.reject(new Error('no staged file'))).catch(
      () => {
        throw new AppError('bad_request', IMPORT_FILE_GONE);
      },
    );
    let uploadsDir: string | undefined;
    let documentBytes = bytes;
    if (job.kind === 'blog-zip') {
      unpacked = await mkdtemp(path.join(staging, `job-${jobId}-`));
      const { documentFile, imagesDir } = await extractExportZip(staged!, unpacked);
      documentBytes = await readFile(documentFile);
      uploadsDir = imagesDir;
    }
    const skipped: SkippedItem[] = [];
    const document = readImportFile(documentBytes, skipped);
    await update(deps, jobId, "stage = 'posts', total = :total", { total: document.posts.length });
    let written = 0;
    const report = await importDocument(importTargetOf(deps), storage, document, {
      sources: { uploadsDir },
      skipped,
      progress: async (done, total) => {
        if (done < total && Date.now() - written < PROGRESS_EVERY_MS) return;
        written = Date.now();
        await update(deps, jobId, 'done = :done', { done });
      },
    });
    await update(
      deps,
      jobId,
      "status = 'done', stage = 'finished', done = total, report = :report, finished_at = now()",
      { report: JSON.stringify(report) },
    );
    return { status: 'done' };
  } catch (err) {
    if (!(err instanceof AppError)) deps.logger.error({ err, jobId }, 'import job failed');
    const message = err instanceof AppError ? err.message : IMPORT_CRASHED;
    await update(
      deps,
      jobId,
      "status = 'failed', stage = 'finished', error = :message, finished_at = now()",
      {
        message: message.slice(0, 2000),
      },
    );
    return { status: 'failed' };
  } finally {
    if (staged) await rm(staged, { force: true });
    if (unpacked) await rm(unpacked, { recursive: true, force: true });
    await update(deps, jobId, 'staged_file = NULL');
  }
}
