import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What a request log line holds: method and path, then the status. No headers at all, so cookies,
 * the CSRF token and credentials cannot reach a log even if a redaction path is missed; the query
 * string is dropped too (reset tokens and unsubscribe signatures travel there).
 */
export const httpLogSerializers = {
  req: (req: IncomingMessage & { originalUrl?: string }) => ({
    method: req.method,
    url: (req.originalUrl ?? req.url ?? '').split('?')[0],
  }),
  res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
};
