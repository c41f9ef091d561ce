import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Who may read /metrics: a scraper on the same machine talking to the process directly (loopback
 * socket and no X-Forwarded-For, so a reverse proxy on the same host does not make the public
 * "local"), or anyone presenting `Authorization: Bearer $METRICS_TOKEN`.
 */
export function mayReadMetrics(req: IncomingMessage, token: string | undefined): boolean {
  const authorization = req.headers.authorization;
  if (token && authorization?.startsWith('Bearer ') && sameSecret(authorization.slice(7), token)) return true;
  const direct = req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined;
  return direct && LOOPBACK.has(req.socket.remoteAddress ?? '');
}
