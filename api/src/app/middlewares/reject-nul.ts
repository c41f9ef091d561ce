import type { RequestHandler } from 'express';
import { badRequest } from '../../errors.ts';
import { containsNul, NUL_REFUSED } from '../../http/nul-bytes.ts';

/**
 * PostgreSQL text cannot hold NUL, and Sequelize would otherwise escape it into something else:
 * every request carrying one in its query or body is refused up front, whatever route it is for.
 * (A %00 in the path reaches a route's own parameter check, e.g. the image name pattern. Multipart
 * bodies are read later, by their route: post-upload.ts checks their fields, and the JSON inside
 * postData, the same way.)
 */
export const rejectNulBytes: RequestHandler = (req, _res, next) => {
  if (containsNul(req.query) || containsNul(req.body)) {
    next(badRequest(NUL_REFUSED));
    return;
  }
  next();
};
