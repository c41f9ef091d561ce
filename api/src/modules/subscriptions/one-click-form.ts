import { SUBSCRIPTION_MESSAGES } from '@blog/shared/rules';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { badRequest } from '../../errors.ts';

// RFC 8058 lets a mail client send `List-Unsubscribe=One-Click` as multipart/form-data as well:
// a few short fields and never a file, so anything bigger is refused before it costs anything.
const readFields = multer({
  storage: multer.memoryStorage(),
  limits: { files: 0, fields: 4, parts: 4, fieldNameSize: 64, fieldSize: 64 },
}).none();

/**
 * Reads a multipart one-click body into req.body (the URL-encoded one is read by the app's body
 * parsers); any problem with it, a file included, is the link's one message.
 */
export const readOneClickForm: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  readFields(req, res, (err?: unknown) => {
    next(err === undefined ? undefined : badRequest(SUBSCRIPTION_MESSAGES.unsubscribeLink));
  });
};
