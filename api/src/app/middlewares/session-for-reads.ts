import type { RequestHandler } from 'express';
import type { Deps } from '../../deps.ts';
import { sessionCookieName } from '../../modules/auth/sessions.ts';

/**
 * Runs the session and account lookup only when they can matter: a GET or HEAD without the
 * session cookie has no session to load, and a read never starts one (sessions start at sign-in,
 * a POST). Such a request gets `req.session` undefined, which every reader of it already allows.
 */
export function withoutSessionForAnonymousReads(
  deps: Pick<Deps, 'config'>,
  handlers: RequestHandler[],
): RequestHandler {
  const sessionCookie = `${sessionCookieName(deps.config)}=`;
  return (req, res, next) => {
    const reading = req.method === 'GET' || req.method === 'HEAD';
    if (reading && !req.headers.cookie?.includes(sessionCookie)) return next();
    let index = 0;
    const step = (err?: unknown) => {
      if (err !== undefined || index === handlers.length) return next(err);
      const handler = handlers[index];
      index += 1;
      try {
        const result = handler(req, res, step) as unknown;
        if (result instanceof Promise) result.catch(step);
      } catch (caught) {
        step(caught);
      }
    };
    step();
  };
}
