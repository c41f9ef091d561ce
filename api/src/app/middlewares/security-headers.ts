import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { ADMIN_PAGES_BASE } from '@blog/shared/addresses';
import { EMBED_FRAME_ORIGINS } from '@blog/shared/post-cards';
import helmet from 'helmet';

interface HeaderOptions {
  isProduction: boolean;
  /** Whether the page may frame the embed players (the public pages, where posts are read). */
  players?: boolean;
}

/** Whether a request is for a public page: the panel and the API frame nothing. */
export const framesPlayers = (url: string): boolean =>
  ![ADMIN_PAGES_BASE, '/api'].some(
    (base) => url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`),
  );

/**
 * helmet with a strict Content-Security-Policy. Styles allow 'unsafe-inline' because Chakra's
 * emotion engine injects style tags at run time; scripts never do. Post images may come from any
 * https address (the editor inserts images by URL); the captcha is a data: SVG. Frames: only the
 * embed players' origins, and only on the public pages (a player loads when the reader asks).
 */
export function helmetMiddleware(options: HeaderOptions): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: options.players ? [...EMBED_FRAME_ORIGINS] : ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.isProduction,
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * What helmet does to a response, recorded once: with these options every header is a constant (no
 * nonce, nothing read from the request), so replaying the record gives the same headers without
 * helmet's twelve chained middlewares per request.
 */
function recordHelmet(options: HeaderOptions): {
  set: [string, string | number | readonly string[]][];
  removed: string[];
} {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let finished = false;
  const run = helmetMiddleware(options) as unknown as (
    req: IncomingMessage,
    res: typeof recorder,
    next: (err?: unknown) => void,
  ) => void;
  run({} as IncomingMessage, recorder, (err) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously; its headers cannot be recorded');
  return { set, removed };
}

export function securityHeaders(options: { isProduction: boolean }): RequestHandler {
  const publicPage = recordHelmet({ ...options, players: true });
  const elsewhere = recordHelmet({ ...options, players: false });
  return (req, res: ServerResponse, next) => {
    const { set, removed } = framesPlayers(req.url) ? publicPage : elsewhere;
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
