import { rm } from 'node:fs/promises';
import type { AppContext } from '../../http/context.ts';
import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import { idParamsSchema, parseParams } from '../../http/validate.ts';
import { imageStorageFor } from '../images/image-storage.ts';
import { writeExportZip } from './export-zip.ts';
import { withCurrentAccounts } from './import-accounts.ts';
import { presentImportJob } from './import-jobs.presenter.ts';
import {
  assertNoActiveImport,
  findImportJob,
  importStagingDir,
  queueImport,
  recentImportJobs,
  type ImportJobRow,
} from './import-jobs.service.ts';
import { sniffImportFile } from './import-sniff.ts';
import { readImportUpload, stagedUpload } from './import-upload.ts';

/** Ustawienia → „Import i eksport”: upload an export for the worker, follow it, download the blog. */
export function importsRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes();
  const storage = imageStorageFor(ctx.config);
  const staging = importStagingDir(ctx.config);

  routes.on(
    'adminStartImport',
    async (_req, _res, next) => {
      // Refused before the file is read: an import is already queued or running.
      await assertNoActiveImport(ctx, staging).then(() => next(), next);
    },
    readImportUpload(staging),
    async (req, res, admin) => {
      const upload = stagedUpload(req);
      try {
        const kind = await sniffImportFile(upload.file);
        const job = await queueImport(
          ctx,
          { kind, fileName: upload.originalName, size: upload.size, stagedFile: upload.stagedFile },
          admin.id,
        );
        res.status(202).json(presentImportJob(job));
      } catch (err) {
        await rm(upload.file, { force: true });
        throw err;
      }
    },
  );

  // A stored report that no longer fits the contract is shown in part, and the log says what was cut.
  const present = (job: ImportJobRow) =>
    presentImportJob(job, (notes) =>
      ctx.logger.warn(
        { importJobId: job.id, notes },
        'import report did not fit the contract; shown in part',
      ),
    );

  routes.on('adminListImports', async (_req, res) => {
    res.json(await withCurrentAccounts(ctx, (await recentImportJobs(ctx)).map(present)));
  });

  routes.on('adminGetImport', async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const [job] = await withCurrentAccounts(ctx, [present(await findImportJob(ctx, id))]);
    res.json(job);
  });

  routes.on('adminExportBlog', async (_req, res) => {
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="blog-export-${day}.zip"`);
    await writeExportZip(ctx.sequelize, storage, ctx.config.PUBLIC_URL, res);
  });

  return routes;
}
