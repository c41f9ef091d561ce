import type { Request, Response } from 'express';
import type { ZodType } from 'zod';
import { routeLabel } from '../../http/route-label.ts';
import {
  answerHeaders,
  buildEntry,
  type FreshBody,
  matchesIfNoneMatch,
  writeCached,
} from './response-cache.ts';
import type { PublicCacheDeps } from './public-cache.ts';
import { isSignedIn, privateHeaders } from './shared-caching.ts';

/**
 * The request's whole path, as the edge sees it before Express (`/api/posts`, not the `/posts` a router
 * mounted at /api reads in req.path): cache keys must be the same on both sides.
 */
const fullPath = (req: Request) => `${req.baseUrl}${req.path}`;

export interface SendPublicOptions {
  /** Built files: the same for every content (never follow changes). */
  static?: boolean;
  /**
   * The schema of the query this answer depends on: the cache key then carries the parsed query
   * (unknown parameters dropped). Without it the query is ignored.
   */
  query?: ZodType;
}

/**
 * A request answered for one caller: it carries a session (pages never load it, so the edge's mark
 * says so), or the stack gave it a cookie (a rolling session).
 */
export const isPersonal = (req: Request, res: Response) =>
  isSignedIn(req) || req.user !== undefined || res.getHeader('set-cookie') !== undefined;

/**
 * Answers a public GET from the process's public cache, building it with `produce` on a miss. JSON
 * is sent through res.json on the request that built it, so the contract's response check (outside
 * production) still sees every answer; later requests are served by the edge (edge.ts) before
 * Express. An answer stays good until the database reports a change of public content
 * (content-changes.ts) — nothing here or in the services has to say when.
 */
export async function sendPublic(
  deps: PublicCacheDeps,
  req: Request,
  res: Response,
  produce: () => Promise<FreshBody>,
  options: SendPublicOptions = {},
): Promise<void> {
  const cache = deps.publicCache;
  const pathname = fullPath(req);
  if (options.query) cache.declareQuery(pathname, options.query);
  const key = cache.keyOf(pathname, req.query as Record<string, unknown>);
  const { entry, fresh } = await cache.answer(
    key ?? pathname,
    options.static === true,
    answerHeaders(res),
    routeLabel(req),
    produce,
    // A signed-in caller's stack may have set a cookie (rolling session): such an answer is never kept.
    { store: key !== undefined && res.getHeader('set-cookie') === undefined },
  );
  // A signed-in caller's copy is theirs: no cache in front may keep it or serve it to anyone else.
  const sent = isPersonal(req, res)
    ? { ...entry, headers: privateHeaders(entry.headers), wire: undefined }
    : entry;
  // A conditional request that matches gets its 304 here, whatever its Cache-Control says (as the edge does).
  if (fresh?.json !== undefined && !matchesIfNoneMatch(req.headers['if-none-match'], sent.etag)) {
    res
      .status(sent.status)
      .set({ ...sent.headers, etag: sent.etag })
      .json(fresh.json);
    return;
  }
  writeCached(req, res, sent);
}

/**
 * A live public answer (a counter every reader polls): never cached, but once the full stack has
 * answered it, the edge answers it before Express with the same headers, one `produce` per turn of
 * the event loop shared by the requests of that turn.
 */
export async function sendLive(
  deps: PublicCacheDeps,
  req: Request,
  res: Response,
  produce: () => Promise<FreshBody>,
): Promise<void> {
  const headers = answerHeaders(res);
  const route = routeLabel(req);
  const fresh = await produce();
  if (res.getHeader('set-cookie') === undefined && Object.keys(req.query).length === 0) {
    deps.publicCache.recordLive(fullPath(req), { route, headers, produce });
  }
  writeCached(req, res, buildEntry(headers, fresh, 'static', route, deps.publicCache.caching));
}
