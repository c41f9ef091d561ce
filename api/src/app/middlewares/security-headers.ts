import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * helmet with a strict Content-Security-Policy. Styles allow 'unsafe-inline' because Chakra's
 * emotion engine injects style tags at run time; scripts never do. Post images may come from any
 * https address (the editor inserts images by URL); the captcha is a data: SVG.
 */
export function securityHeaders(options: { isProduction: boolean }): RequestHandler {
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
