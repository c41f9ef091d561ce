import type { RequestHandler } from 'express';
import { badRequest } from '../../errors.ts';

const hasNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || hasNul(inner, depth + 1));
};

/**
 * PostgreSQL text cannot hold NUL, and Sequelize would otherwise escape it into something else:
 * every request carrying one in its query or body is refused up front, whatever route it is for.
 * (A %00 in the path reaches a route's own parameter check, e.g. the image name pattern.)
 */
export const rejectNulBytes: RequestHandler = (req, _res, next) => {
  if (hasNul(req.query) || hasNul(req.body)) {
    next(badRequest('Dane zawierają niedozwolony znak.'));
    return;
  }
  next();
};
