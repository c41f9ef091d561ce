import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/signed-in.ts';
import { EMBEDDED_REQUEST } from './embedded-requests.ts';

describe('signed-in calls asked for by embedded content', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('refuses an admin call an image, a script or a frame asks for; the app’s own calls and downloads go through', async () => {
    const admin = await signedInAs(api, 'admin');
    const as = (dest: string, path = '/api/admin/export') =>
      admin.raw('GET', path, { headers: { 'sec-fetch-dest': dest } });
    for (const dest of ['image', 'script', 'iframe', 'style', 'object', 'Image']) {
      const res = await as(dest);
      expect(res.status, dest).toBe(403);
      expect(await res.json()).toMatchObject({ message: EMBEDDED_REQUEST });
    }
    expect((await as('image', '/api/admin/posts')).status).toBe(403);
    expect((await as('document')).status).toBe(200);
    expect((await as('empty', '/api/admin/posts')).status).toBe(200);
    expect((await admin.raw('GET', '/api/admin/posts')).status).toBe(200);
  });

  it('leaves public calls alone, the images of posts above all', async () => {
    const res = await api.fetch('/api/categories', { headers: { 'sec-fetch-dest': 'image' } });
    expect(res.status).toBe(200);
  });
});
