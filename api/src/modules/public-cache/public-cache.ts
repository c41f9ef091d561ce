import type { Logger } from '../../logger.ts';
import { ContentChanges } from './content-changes.ts';
import { PublicResponseCache } from './response-cache.ts';
import { contentCaching, type PurgeTarget } from './shared-caching.ts';

/** What a router hands sendPublic: the process's one public cache. */
export interface PublicCacheDeps {
  publicCache: PublicResponseCache;
}

/** Memory for public answers per API process: whole answers up to this many bytes (bodies + gzip). */
export const PUBLIC_CACHE_MAX_BYTES = 48 * 1024 * 1024;

/**
 * The process's public cache, listening to the database's change notifications; resolves once it
 * listens (fails with one readable line when PostgreSQL does not answer).
 */
export async function startPublicCache(
  databaseUrl: string,
  logger: Logger,
  options: { channel?: string; maxBytes?: number; purgeTarget?: PurgeTarget } = {},
): Promise<PublicResponseCache> {
  const changes = new ContentChanges(databaseUrl, logger, options.channel);
  await changes.start();
  return new PublicResponseCache(
    changes,
    options.maxBytes ?? PUBLIC_CACHE_MAX_BYTES,
    contentCaching(options.purgeTarget ?? 'none'),
  );
}
