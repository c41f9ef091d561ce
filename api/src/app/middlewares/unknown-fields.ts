import type { RequestHandler } from 'express';
import { refuseUnknownFields } from '../../http/body-fields.ts';

/**
 * A JSON body with a field its contract schema does not list (a misspelt `titel`, a read-only
 * `publishedAt`) is a 400 naming that field, before any handler runs: zod would drop it silently and
 * the caller would lose what it meant to change. The contract closes every body
 * (`additionalProperties: false`); the shapes come from it (http/body-fields.ts), not from the zod schemas.
 * Multipart bodies are read in their modules, which check them the same way (posts/post-upload.ts).
 */
export const refuseUnknownBodyFields: RequestHandler = (req, _res, next) => {
  const shape = req.operation?.bodyShapes['application/json'];
  if (!shape || req.body === undefined || !req.is('application/json')) return next();
  try {
    refuseUnknownFields(shape, req.body);
    next();
  } catch (err) {
    next(err);
  }
};
