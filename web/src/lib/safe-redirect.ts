import { isStaff, type Role } from '@blog/shared/policy';
import { ADMIN_PAGES, ADMIN_PAGES_BASE, isAdminPathname, PUBLIC_PAGES } from '@blog/shared/addresses';

/** Placeholder origin used only to resolve a candidate path; any other resulting origin means „off-site”. */
const PROBE_ORIGIN = 'https://same-site.invalid';

/**
 * The same-site path in `value`, or null. Accepts only a path starting with a single '/': rejects '//host',
 * '/\host' (browsers treat a backslash as a slash), schemes ('javascript:', 'https:'), any control
 * character or whitespace (browsers drop tabs and newlines, so '/\t/host' would become '//host'), and a
 * path whose dot segments normalise to '//host'.
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being refused
  if (/[\u0000-\u0020\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can turn a harmless-looking path into '//host' ('/.//evil.example', '/a/..//evil',
  // '/%2e//evil'): the normalised path must itself be a same-site path, or the router would be
  // asked to leave the site (and crash).
  if (path.startsWith('//') || new URL(path, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return null;
  // Going „back” to the sign-in page would only bounce the visitor around.
  if (url.pathname === PUBLIC_PAGES.auth || url.pathname.startsWith(`${PUBLIC_PAGES.auth}/`)) return null;
  return path;
}

function isAdminPath(path: string): boolean {
  return isAdminPathname(path) || path.startsWith(`${ADMIN_PAGES_BASE}?`);
}

/**
 * Where a user goes after signing in: back to the page they were sent away from when that is a
 * same-site path they may open, else staff to /admin and everyone else to /.
 */
export function landingPath(role: Role, next: unknown): string {
  const safe = safeNextPath(next);
  if (safe && (isStaff(role) || !isAdminPath(safe))) return safe;
  return isStaff(role) ? ADMIN_PAGES.dashboard : PUBLIC_PAGES.home;
}

/** The sign-in address that brings the visitor back to `path` afterwards. */
export function signInPathFor(path: string): string {
  const safe = safeNextPath(path);
  return safe ? `${PUBLIC_PAGES.auth}?next=${encodeURIComponent(safe)}` : PUBLIC_PAGES.auth;
}
