import type { RequestHandler } from 'express';
import { AppError } from '../../errors.ts';

export const UNSUPPORTED_BODY = 'Nieobsługiwany typ treści.';

/**
 * The body parsers as one step that a request without a body (no Content-Length, no
 * Transfer-Encoding: every GET a browser sends) passes at once. It leaves the request exactly as the
 * parsers' own first check would (`req.body` undefined); one with a body goes through each in turn.
 * A body sent to a contract operation that takes none, or with a GET or HEAD (the site's pages and
 * feeds), is not read either (Node discards it): it can neither fail the call with a 400/413/415 the
 * contract does not list for it, nor cost a parse. A body of a type the operation does not take (a
 * form sent where the contract says JSON) is a 415 before any parser reads it.
 */
export function bodyParsers(parsers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
    if (!hasBody || req.operation?.hasBody === false || req.method === 'GET' || req.method === 'HEAD') {
      const request: { body?: unknown } = req;
      if (!('body' in request)) request.body = undefined;
      return next();
    }
    // An operation that takes multipart reads it in its module, whose own 415 says what to send.
    const types = req.operation?.bodyTypes ?? [];
    const checked = types.length > 0 && !types.includes('multipart/form-data');
    const hasContent =
      req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
    if (hasContent && checked && !req.is(types))
      return next(new AppError('unsupported_media_type', UNSUPPORTED_BODY));
    let index = 0;
    const step = (err?: unknown) => {
      const parser = parsers[index];
      index += 1;
      if (err !== undefined || !parser) return next(err);
      parser(req, res, step);
    };
    step();
  };
}
