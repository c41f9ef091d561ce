import type { Deps } from '../../deps.ts';

/** The counter's Redis key (exported for the operator's commands, which run without the API). */
export const contentVersionKey = (prefix: string) => `${prefix}:public:content-version`;
const key = contentVersionKey;

/**
 * One counter for "what readers see changed": every write that alters a public list, an article
 * page, the feeds or the sitemap (posts, categories, comments, settings shown publicly) bumps it
 * after its transaction commits. Public caches and ETags are keyed on it, so every API process
 * stops serving the old answer at once.
 */
export async function markContentChanged(deps: Pick<Deps, 'redis' | 'config'>): Promise<void> {
  await deps.redis.incr(key(deps.config.REDIS_PREFIX));
}

/** The current version (0 before the first change). */
export async function readContentVersion(deps: Pick<Deps, 'redis' | 'config'>): Promise<number> {
  return Number((await deps.redis.get(key(deps.config.REDIS_PREFIX))) ?? 0);
}
