import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * helmet with a strict Content-Security-Policy. Styles allow 'unsafe-inline' because Chakra's
 * emotion engine injects style tags at run time; scripts never do. Post images may come from any
 * https address (the editor inserts images by URL); the captcha is a data: SVG.
 */
export function helmetMiddleware(options: { isProduction: boolean }): RequestHandler {
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
function recordHelmet(options: { isProduction: boolean }): {
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
  const { set, removed } = recordHelmet(options);
  return (_req, res: ServerResponse, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
