// Shared setup of the category test files (categories.test.ts, category-ownership.test.ts).
import { beforeAll } from 'vitest';
import type { TestBrowser } from './browser.ts';
import { buildUser } from './factories.ts';
import { testApiForFile } from './file-api.ts';
import type { TestApi } from './harness.ts';
import { newBrowser, signedInAs, TEST_PASSWORD } from './signed-in.ts';
import type { User } from '../src/modules/users/user.model.ts';

// Live bindings, set by useCategoriesApi. Module state is per test file: vitest runs each file in
// its own worker, and that file's one test API lives here.
export let api: TestApi;
export let publisher: TestBrowser;
export let publisherUser: User;
export let admin: TestBrowser;

/**
 * The file's test API (TRUST_PROXY=1), a publisher whose account the tests read and an admin, each
 * signed in from a client address of its own. Call once, at the top of the test file.
 */
export function useCategoriesApi(): void {
  api = testApiForFile({ TRUST_PROXY: '1' });
  beforeAll(async () => {
    publisherUser = await buildUser({ role: 'publisher', password: TEST_PASSWORD });
    publisher = newBrowser(api);
    await publisher.signIn(publisherUser.username, TEST_PASSWORD);
    admin = await signedInAs(api, 'admin');
  });
}
