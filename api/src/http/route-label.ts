import type { Request } from 'express';

/**
 * The pattern a request is counted and cached under in /metrics (`/api/posts/:slugOrId`): the contract
 * operation's path template in Express notation, or Express's matched pattern for the few addresses
 * that are no operation; never the raw URL, so label sets stay bounded.
 */
export function routeLabel(req: Request): string {
  const operation = req.operation;
  if (operation) return `${operation.base}${operation.path.replace(/\{(\w+)\}/g, ':$1')}`;
  const route = (req as { route?: { path?: unknown } }).route;
  // req.baseUrl is already unwound when the response finishes; routers mount at /api or at the root.
  if (route && typeof route.path === 'string') {
    return req.originalUrl.startsWith('/api/') ? `/api${route.path}` : route.path;
  }
  return req.originalUrl.startsWith('/api') ? '/api/(unmatched)' : '(static)';
}
