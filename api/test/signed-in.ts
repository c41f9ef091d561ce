import type { Role } from '@blog/shared/policy';
import { expect, it } from 'vitest';
import { TestBrowser } from './browser.ts';
import { buildUser } from './factories.ts';
import type { TestApi } from './harness.ts';
import { clientIp, readError } from './http.ts';

/** The password of the accounts signedInAs makes. */
export const TEST_PASSWORD = 'Dobre-Hasło1';

/**
 * A browser signed in as a new account of `role`, from a client address of its own (the test API runs
 * with TRUST_PROXY=1, so each browser gets its own rate limits).
 */
export async function signedInAs(api: TestApi, role: Role): Promise<TestBrowser> {
  const user = await accountWithPassword(role);
  const browser = newBrowser(api);
  await browser.signIn(user.username, TEST_PASSWORD);
  return browser;
}

/** A browser from a client address of its own, not signed in. */
export const newBrowser = (api: TestApi) => new TestBrowser(api, clientIp());

/** A new account of `role` (a publisher unless told otherwise) whose password is TEST_PASSWORD. */
export const accountWithPassword = (role: Role = 'publisher') => buildUser({ role, password: TEST_PASSWORD });

/** One page of an admin list, read by `browser` (which must be let in). */
export async function adminListPage<T>(browser: TestBrowser, pathname: string): Promise<T> {
  const res = await browser.call('GET', pathname);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/**
 * One test a row: the admin list at `pathname`, read by `browser()`, answers `?query` with 400 and
 * the field's Polish message.
 */
export function itRejectsListQueries(
  pathname: string,
  browser: () => TestBrowser,
  rows: readonly (readonly [query: string, field: string, message: string])[],
): void {
  it.each(rows)('%s → 400 with a Polish message', async (query, field, message) => {
    const res = await browser().call('GET', `${pathname}?${query}`);
    expect(res.status).toBe(400);
    expect(await readError(res)).toMatchObject({ field, message });
  });
}
