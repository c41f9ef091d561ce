import { UnrecoverableError } from 'bullmq';
import type { WorkerContext } from '../context.ts';
import { purgeTargetFor } from '../cdn/purge-targets.ts';

export interface CdnPurgeData {
  /** Surrogate keys (`site`, `post-<id>`): every answer of the cache in front that carries one is dropped. */
  keys: string[];
}

/**
 * Purges the keys of one change from the configured CDN or Varnish (CDN_PURGE). A refusal or a
 * timeout fails the attempt; the queue retries it with backoff and logs each failure. Purging twice
 * is harmless, so a retried or repeated job is safe.
 */
export async function processCdnPurge(data: CdnPurgeData, ctx: WorkerContext) {
  const target = purgeTargetFor(ctx.config);
  // Queued by a process configured with a CDN, read by one without: nothing here can send it.
  if (!target) throw new UnrecoverableError('CDN_PURGE is none in this worker');
  const started = Date.now();
  await target.purge(data.keys, ctx);
  ctx.logger.info({ target: target.kind, keys: data.keys, ms: Date.now() - started }, 'cdn purged');
  return { target: target.kind, keys: data.keys };
}
