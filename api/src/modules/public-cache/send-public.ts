import type { Request, Response } from 'express';
import type { Deps } from '../../deps.ts';
import { type FreshBody, matchesIfNoneMatch, publicResponseCache, writeCached } from './response-cache.ts';

/** Set by the app's fast path when it already read the version for this request (a stale entry). */
export const VERSION_LOCAL = 'publicContentVersion';

/**
 * Answers a public GET from the per-version cache, building it with `produce` on a miss. JSON is
 * sent through res.json on the request that built it, so the contract's response check (outside
 * production) still sees every answer; later requests are served by the app's fast path.
 */
export async function sendPublic(
  deps: Pick<Deps, 'redis' | 'config'>,
  req: Request,
  res: Response,
  produce: (version: number) => Promise<FreshBody>,
  options: { static?: boolean } = {},
): Promise<void> {
  const cache = publicResponseCache(deps);
  const known = res.locals[VERSION_LOCAL] as number | undefined;
  const version = options.static ? 'static' : (known ?? (await cache.currentVersion()));
  const { entry, fresh } = await cache.answer(req.originalUrl, version, res, () =>
    produce(version === 'static' ? 0 : version),
  );
  // A conditional request that matches gets its 304 here, whatever its Cache-Control says (as the fast path does).
  if (fresh?.json !== undefined && !matchesIfNoneMatch(req.headers['if-none-match'], entry.etag)) {
    res.status(entry.status).set({ ...entry.headers, etag: entry.etag }).json(fresh.json);
    return;
  }
  writeCached(req, res, entry);
}
