import { TestBrowser } from './browser.ts';
import { buildUser } from './factories.ts';
import type { TestApi } from './harness.ts';
import { clientIp } from './http.ts';

/** The password of the accounts signedInAs makes. */
export const TEST_PASSWORD = 'Dobre-Hasło1';

/**
 * A browser signed in as a new account of `role`, from a client address of its own (the test API runs
 * with TRUST_PROXY=1, so each browser gets its own rate limits).
 */
export async function signedInAs(
  api: TestApi,
  role: 'admin' | 'publisher' | 'subscriber',
): Promise<TestBrowser> {
  const user = await buildUser({ role, password: TEST_PASSWORD });
  const browser = new TestBrowser(api, clientIp());
  await browser.signIn(user.username, TEST_PASSWORD);
  return browser;
}
