import type { RequestHandler } from 'express';

/**
 * The body parsers as one step that a request without a body (no Content-Length, no
 * Transfer-Encoding: every GET a browser sends) passes at once. It leaves the request exactly as the
 * parsers' own first check would (`req.body` undefined); one with a body goes through each in turn.
 */
export function bodyParsers(parsers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
    if (!hasBody) {
      const request: { body?: unknown } = req;
      if (!('body' in request)) request.body = undefined;
      return next();
    }
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
