import type { PostDetail } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { buildCategory, buildPost, buildUser } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp } from '../../../test/http.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await api?.close();
});

describe('staff preview of hidden posts', () => {
  it('shows a draft to signed-in staff only, and never through the readers’ cache', async () => {
    const draft = await buildPost({ published: false, categories: [await buildCategory()] });
    const reader = new TestBrowser(api, clientIp());
    expect((await reader.call('GET', `/api/posts/${draft.slug}`)).status).toBe(404);

    for (const role of ['publisher', 'admin'] as const) {
      const staff = new TestBrowser(api, clientIp());
      const user = await buildUser({ role, password: 'Dobre-Hasło1' });
      await staff.signIn(user.username, 'Dobre-Hasło1');
      const res = await staff.call('GET', `/api/posts/${draft.slug}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(((await res.json()) as PostDetail).title).toBe(draft.title);
    }
    const subscriber = new TestBrowser(api, clientIp());
    const user = await buildUser({ role: 'subscriber', password: 'Dobre-Hasło1' });
    await subscriber.signIn(user.username, 'Dobre-Hasło1');
    expect((await subscriber.call('GET', `/api/posts/${draft.slug}`)).status).toBe(404);
    expect((await reader.call('GET', `/api/posts/${draft.slug}`)).status).toBe(404);
  });
});
