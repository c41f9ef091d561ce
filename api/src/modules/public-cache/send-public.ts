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
  let version: number | 'static' | undefined = options.static ? 'static' : known;
  if (version === undefined) {
    try {
      version = await cache.currentVersion();
    } catch {
      // Redis away: readers still get the post from PostgreSQL, only not cached (nothing could expire it).
      const fresh = await produce(-1);
      res
        .status(fresh.status ?? 200)
        .set({ 'content-type': fresh.contentType, 'cache-control': 'no-store', ...fresh.headers });
      if (fresh.json !== undefined) res.json(fresh.json);
      else res.send(fresh.body);
      return;
    }
  }
  const built = version;
  const { entry, fresh } = await cache.answer(req.originalUrl, built, res, () =>
    produce(built === 'static' ? 0 : built),
  );
  // A conditional request that matches gets its 304 here, whatever its Cache-Control says (as the fast path does).
  if (fresh?.json !== undefined && !matchesIfNoneMatch(req.headers['if-none-match'], entry.etag)) {
    res
      .status(entry.status)
      .set({ ...entry.headers, etag: entry.etag })
      .json(fresh.json);
    return;
  }
  writeCached(req, res, entry);
}
