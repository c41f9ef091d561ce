import type { RequestHandler } from 'express';
import { forbidden } from '../../errors.ts';

/** Where a browser says a request goes: a fetch of the app, or a page it opens (a download, a form). */
const OWN_DESTINATIONS = new Set(['empty', 'document']);

export const EMBEDDED_REQUEST = 'Tego adresu nie można osadzić na stronie.';

/**
 * A signed-in operation asked for by embedded content is refused: an author may put
 * `<img src="/api/admin/export">` in a post, and every admin who reads it would run an export with
 * their own session. Browsers name the request's destination (`Sec-Fetch-Dest`: `image`, `script`,
 * `iframe`, …); the app's own calls are `empty` and its downloads `document`. A client that sends no
 * such header (curl, an older browser) is not refused here: CSRF and the session still apply.
 */
export function refuseEmbeddedRequests(): RequestHandler {
  return (req, _res, next) => {
    const destination = req.get('sec-fetch-dest');
    const signedIn = req.operation?.access !== 'public';
    if (signedIn && destination !== undefined && !OWN_DESTINATIONS.has(destination.toLowerCase()))
      throw forbidden(EMBEDDED_REQUEST);
    next();
  };
}
