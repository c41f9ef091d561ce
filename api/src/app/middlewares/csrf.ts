import { randomBytes } from 'node:crypto';
import cookieParser from 'cookie-parser';
import { doubleCsrf } from 'csrf-csrf';
import type { Request, RequestHandler } from 'express';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import { sameSiteRequest } from '../../http/same-site.ts';

/**
 * Identifies a browser for CSRF tokens until it signs in. Sign-in rotates the session and the
 * client then fetches a fresh token (openapi.yaml, x-csrf), so this only has to be stable and private.
 */
const VISITOR_COOKIE = 'blog.visitor';

/**
 * Calls the contract marks `x-csrf: false`: the reads, and what a mail client sends on its own (RFC 8058
 * one-click unsubscribe, which carries a signed token instead). Any other call, or one whose operation is
 * not known, needs the token.
 */
const exempt = (req: Request): boolean => req.operation?.csrf === false;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfProtection {
  /** Parses cookies and refuses a state-changing call without a valid X-CSRF-Token (403 csrf_failed). */
  protect: RequestHandler[];
  /** GET /api/csrf-token. */
  routes: ApiRoutes;
}

/** Double-submit-cookie CSRF protection (csrf-csrf), HMAC-signed with SESSION_SECRET. */
export function csrfProtection(deps: Pick<Deps, 'config' | 'sequelize'>): CsrfProtection {
  const { config } = deps;
  const secure = config.isProduction;
  const cookieOptions = { sameSite: 'lax' as const, path: '/', secure, httpOnly: true };
  const { doubleCsrfProtection, generateCsrfToken } = doubleCsrf({
    getSecret: () => config.SESSION_SECRET,
    // Signed in: bound to the session, so a token read before sign-in (or by another session) fails.
    getSessionIdentifier: (req) =>
      req.session?.userId !== undefined
        ? `session:${req.sessionID}`
        : ((req.cookies?.[VISITOR_COOKIE] as string | undefined) ?? ''),
    cookieName: secure ? '__Host-blog.csrf' : 'blog.csrf',
    cookieOptions,
    getCsrfTokenFromRequest: (req) => req.headers['x-csrf-token'],
    skipCsrfProtection: exempt,
    errorConfig: { statusCode: 403, message: 'csrf' },
  });

  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  const verify: RequestHandler = (req, res, next) => {
    if (!SAFE_METHODS.has(req.method) && !exempt(req)) {
      const own = [publicOrigin, `${req.protocol}://${req.get('host') ?? ''}`];
      if (!sameSiteRequest(req.headers.origin, req.headers.referer, own)) {
        next(new AppError('csrf_failed', 'Odrzucono żądanie wysłane z innej witryny.'));
        return;
      }
    }
    doubleCsrfProtection(req, res, (err?: unknown) => {
      next(
        err
          ? new AppError('csrf_failed', 'Sesja formularza wygasła. Odśwież stronę i spróbuj ponownie.')
          : undefined,
      );
    });
  };

  const routes = apiRoutes();
  routes.on('getCsrfToken', (req, res) => {
    if (!req.cookies?.[VISITOR_COOKIE]) {
      const visitor = randomBytes(24).toString('base64url');
      res.cookie(VISITOR_COOKIE, visitor, { ...cookieOptions, maxAge: 365 * 24 * 3600 * 1000 });
      req.cookies = { ...req.cookies, [VISITOR_COOKIE]: visitor };
    }
    // The cookie's token while it is still this session's (its HMAC names the session): a second tab
    // asking for a token gets the same one instead of spoiling the first tab's. Sign-in and sign-out
    // change the session, so the old token fails the check and a new one is issued.
    res.json({ csrfToken: generateCsrfToken(req, res) });
  });

  return { protect: [cookieParser(), verify], routes };
}
