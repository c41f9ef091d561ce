import type { EventJobData } from '@blog/api/events';
import { imageStorageFor } from '@blog/api/images/storage';
import { runImportJob } from '@blog/api/transfer';
import type { WorkerContext } from '../context.ts';

/**
 * An admin uploaded an export in the panel: import it with the transfer code the CLI uses, in one
 * transaction, reporting progress and the result on the job row. Imported posts are never announced
 * (no `post.published` event, now or when published later), so nobody is e-mailed.
 */
export async function processImportRequested(
  data: EventJobData<'import.requested'>,
  ctx: WorkerContext,
): Promise<{ status: 'done' | 'failed' | 'skipped' }> {
  return runImportJob(ctx, imageStorageFor(ctx.config), data.payload.importJobId);
}
