import type { RequestHandler } from 'express';
import type { AuthUser } from '../../http/auth.ts';
import { appendLog, type LogDeps } from './capped-log.ts';

/** Sign-in and sign-out write their own lines (with the account); everything else is written here. */
const OWN_LINES = new Set(['login', 'logout']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Who, for a log line: the display name and e-mail when there are, else the login. */
export function actorOf(user: Pick<AuthUser, 'username' | 'displayName' | 'email'>): string {
  const name = user.displayName?.trim() || user.username;
  return user.email ? `${name} <${user.email}>` : name;
}

/**
 * „Who did what”: every change a signed-in account makes through the API (posts, users,
 * categories, comments, settings...) that succeeded leaves one application-log line with the contract's
 * operation, the path, the account and its address. Written when the answer has gone, so it never slows
 * or fails the request; reads are not logged.
 */
export function auditLog(deps: LogDeps): RequestHandler {
  return (req, res, next) => {
    const operation = req.operation;
    if (READS.has(req.method) || !operation || OWN_LINES.has(operation.operationId)) return next();
    res.on('finish', () => {
      if (!req.user || res.statusCode >= 400) return;
      void appendLog(
        deps,
        'application',
        'INFO',
        `Zmiana: ${operation.operationId} (${req.method} ${req.originalUrl.split('?')[0]})`,
        {
          user: actorOf(req.user),
          ip: req.ip ?? null,
          status: res.statusCode,
        },
      );
    });
    next();
  };
}
