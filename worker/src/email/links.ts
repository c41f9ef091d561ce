import type { Config } from '@blog/api/config';

/**
 * An absolute link into the web app, under PUBLIC_URL (which may carry a path prefix, so the
 * URL API's root-relative resolution would drop it).
 */
export function publicLink(
  config: Pick<Config, 'PUBLIC_URL'>,
  pathname: `/${string}`,
  query: Record<string, string> = {},
): string {
  const search = new URLSearchParams(query).toString();
  return `${config.PUBLIC_URL.replace(/\/+$/, '')}${pathname}${search ? `?${search}` : ''}`;
}
