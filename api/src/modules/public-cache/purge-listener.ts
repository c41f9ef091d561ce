import pg from 'pg';
import { connectionFailureMessage } from '../../connection-failure.ts';
import type { Logger } from '../../logger.ts';
import { purgeKeysOf, SITE_KEY } from './shared-caching.ts';

const RETRY_MS = 1000;
/** Notifications of one turn are sent as one purge (a statement often notifies several scopes). */
const BATCH_MS = 20;

export interface PurgeListener {
  close(): Promise<void>;
}

/**
 * Listens to the same database notifications that refresh the API's own cache (the triggers of
 * migration 0005, on `channel`) and hands each change's surrogate keys to `enqueue` (a purge job, retried
 * with backoff by the queue). One worker process of a site listens at a time — it holds a PostgreSQL
 * advisory lock for the channel on its listening connection; the others wait and take over when it
 * goes. Whoever starts listening first purges everything (`site`): changes made while nobody
 * listened are not known one by one. A save never waits for any of this: the triggers only notify.
 */
export async function startPurgeListener(options: {
  databaseUrl: string;
  channel: string;
  logger: Logger;
  enqueue: (keys: string[]) => Promise<unknown>;
}): Promise<PurgeListener> {
  const { databaseUrl, channel, logger, enqueue } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let pending = new Set<string>();
  let flushing: NodeJS.Timeout | undefined;

  const flush = () => {
    flushing = undefined;
    const keys = pending.has(SITE_KEY) ? [SITE_KEY] : [...pending];
    pending = new Set();
    if (keys.length === 0) return;
    enqueue(keys).catch((err: unknown) => {
      // Redis away: the job is lost, so the next change (or the next listener) purges everything.
      logger.error({ err: (err as Error).message, keys }, 'cdn purge could not be queued');
    });
  };
  const note = (keys: string[]) => {
    for (const key of keys) pending.add(key);
    flushing ??= setTimeout(flush, BATCH_MS);
  };

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((err: unknown) => {
        logger.warn({ err: (err as Error).message }, 'cdn purge listener still down');
        schedule();
      });
    }, RETRY_MS);
  };

  const lost = (lostClient: pg.Client, err?: Error) => {
    if (lostClient !== client) return;
    client = undefined;
    lostClient.end().catch(() => undefined);
    if (closed) return;
    logger.warn({ err: err?.message }, 'cdn purge listener lost its connection; reconnecting');
    schedule();
  };

  async function connect(): Promise<void> {
    const candidate = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    candidate.on('error', (err) => lost(candidate, err));
    candidate.on('end', () => lost(candidate));
    await candidate.connect();
    const [{ leader }] = (
      await candidate.query<{ leader: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS leader', [
        `blog_cdn_purge:${channel}`,
      ])
    ).rows as [{ leader: boolean }];
    if (!leader || closed) {
      // Another worker purges; ask again later (it may stop).
      candidate.removeAllListeners('end');
      await candidate.end();
      schedule();
      return;
    }
    candidate.on('notification', (message) => note(purgeKeysOf(message.payload ?? '')));
    await candidate.query(`LISTEN ${channel}`);
    client = candidate;
    logger.info({ channel }, 'cdn purge listener started');
    note([SITE_KEY]);
  }

  await connect().catch((err: unknown) => {
    throw new Error(connectionFailureMessage('PostgreSQL', databaseUrl, err), { cause: err });
  });

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      if (flushing) {
        clearTimeout(flushing);
        flush();
      }
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
