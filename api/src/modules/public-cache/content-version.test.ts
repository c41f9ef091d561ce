import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildPost } from '../../test/factories.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { clientIp } from '../../test/http.ts';
import { markContentChanged, readContentVersion } from './content-version.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await api?.close();
});

describe('content version', () => {
  it('counts changes, and a new comment is one', async () => {
    const before = await readContentVersion(api.runtime);
    await markContentChanged(api.runtime);
    expect(await readContentVersion(api.runtime)).toBe(before + 1);
    const post = await buildPost({ categories: [await buildCategory()] });
    const body = { author: 'Ola', email: 'ola@example.com', content: 'Dobry tekst!' };
    const res = await api.send('POST', `/api/posts/${post.id}/comments`, body, { ip: clientIp() });
    expect(res.status).toBe(201);
    expect(await readContentVersion(api.runtime)).toBe(before + 2);
  });
});
