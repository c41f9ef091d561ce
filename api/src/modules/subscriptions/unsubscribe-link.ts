import { absoluteLink, PUBLIC_PAGES } from '@blog/shared/addresses';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

/**
 * The signed unsubscribe link of every subscription e-mail (package export
 * `@blog/api/subscriptions/unsubscribe-link`: the worker signs, the API verifies). The token is an
 * HMAC-SHA256 of (lower-cased e-mail, category id) under a key derived from SESSION_SECRET for this
 * one purpose, so it can neither be forged nor reused for another address or category.
 */
const PURPOSE = 'blog:unsubscribe-link:v1';

const keyFor = (config: Pick<Config, 'SESSION_SECRET'>) =>
  createHmac('sha256', config.SESSION_SECRET).update(PURPOSE).digest();

export function unsubscribeToken(config: Pick<Config, 'SESSION_SECRET'>, email: string, categoryId: number) {
  return createHmac('sha256', keyFor(config))
    .update(`${email.trim().toLowerCase()}\n${categoryId}`)
    .digest('base64url');
}

/** Constant-time comparison: how much of a guess matches must not show in the answer time. */
export function isValidUnsubscribeToken(
  config: Pick<Config, 'SESSION_SECRET'>,
  email: string,
  categoryId: number,
  token: string,
): boolean {
  const expected = Buffer.from(unsubscribeToken(config, email, categoryId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const query = (config: Pick<Config, 'SESSION_SECRET'>, email: string, categoryId: number) => ({
  email,
  category: String(categoryId),
  token: unsubscribeToken(config, email, categoryId),
});

/** The page a person opens from the e-mail (web route /unsubscribe). */
export const unsubscribePageUrl = (
  config: Pick<Config, 'SESSION_SECRET' | 'PUBLIC_URL'>,
  email: string,
  categoryId: number,
) => absoluteLink(config.PUBLIC_URL, PUBLIC_PAGES.unsubscribe, query(config, email, categoryId));

/** The API address for `List-Unsubscribe` (GET, and RFC 8058 one-click POST). */
export const unsubscribeApiUrl = (
  config: Pick<Config, 'SESSION_SECRET' | 'PUBLIC_URL'>,
  email: string,
  categoryId: number,
) => absoluteLink(config.PUBLIC_URL, '/api/unsubscribe', query(config, email, categoryId));
