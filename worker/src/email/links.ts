import { absoluteLink } from '@blog/shared/addresses';
import type { Config } from '@blog/api/config';

/**
 * An absolute link into the web app: PUBLIC_URL (which may carry a path prefix) followed by a page's
 * path from @blog/shared/addresses and its query.
 */
export function publicLink(
  config: Pick<Config, 'PUBLIC_URL'>,
  pathname: string,
  query: Record<string, string> = {},
): string {
  return absoluteLink(config.PUBLIC_URL, pathname, query);
}
