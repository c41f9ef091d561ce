import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Headers a proxy adds to pass the client on (the standard one, the de-facto X-Forwarded-* family,
 * and those of nginx, Apache, CDNs and load balancers). Node lower-cases header names.
 */
const PROXY_HEADERS = [
  'forwarded',
  'x-real-ip',
  'via',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
];

/** True when the request came through a proxy that says so, in any of the usual ways. */
const cameThroughProxy = (req: IncomingMessage): boolean =>
  Object.keys(req.headers).some((name) => name.startsWith('x-forwarded-') || PROXY_HEADERS.includes(name));

/**
 * Who may read /metrics: a scraper on the same machine talking to the process directly (loopback
 * socket and no forwarding header of any kind, so a reverse proxy on the same host, whether it
 * sends X-Forwarded-For, X-Real-IP or Forwarded, does not make the public "local"), or anyone
 * presenting `Authorization: Bearer $METRICS_TOKEN`.
 */
export function mayReadMetrics(req: IncomingMessage, token: string | undefined): boolean {
  const authorization = req.headers.authorization;
  if (token && authorization?.startsWith('Bearer ') && sameSecret(authorization.slice(7), token)) return true;
  return !cameThroughProxy(req) && LOOPBACK.has(req.socket.remoteAddress ?? '');
}
