import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Deps } from '../../deps.ts';
import { sessionCookieName } from '../../modules/auth/sessions.ts';
import { publicResponseCache, writeCached } from '../../modules/public-cache/response-cache.ts';
import { VERSION_LOCAL } from '../../modules/public-cache/send-public.ts';

/**
 * In front of Express (app.handle is wrapped, so not even Express's request set-up runs): a public GET whose answer is cached for the current content version is
 * written straight from memory — no logging, session, CSRF, contract or ORM work. The entry
 * already carries the security headers the full stack gave it when it was built. A signed-in
 * caller (session cookie) goes through the whole stack, so its session stays rolling; anything
 * not cached goes on as before. Cache hits are not access-logged by the app (a proxy's log has them).
 */
export type RawHandler = (
  req: IncomingMessage,
  res: ServerResponse & { locals?: Record<string, unknown> },
  next: (err?: unknown) => void,
) => void;

export function publicFastPath(deps: Pick<Deps, 'redis' | 'config'>): RawHandler {
  const cache = publicResponseCache(deps);
  const sessionCookie = `${sessionCookieName(deps.config)}=`;
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.headers.cookie?.includes(sessionCookie)) return next();
    const url = req.url ?? '/';
    const entry = cache.has(url);
    if (!entry) return next();
    if (entry.version === 'static') return writeCached(req, res, entry);
    cache.currentVersion().then((version) => {
      const fresh = cache.lookup(url, version);
      if (fresh) return writeCached(req, res, fresh);
      // Express keeps res.locals when it is already there: the route reuses this version read.
      res.locals = { ...res.locals, [VERSION_LOCAL]: version };
      next();
    }, next);
  };
}
