import { afterEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { cookieHeaderFrom } from '../../../test/http.ts';

describe('CSRF token and cookies', () => {
  let api: TestApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  const tokenResponse = async (target: TestApi) => {
    const res = await target.fetch('/api/csrf-token');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { csrfToken: string }).csrfToken).toMatch(/^[0-9a-f]+\.[0-9a-f]+$/);
    return res.headers.getSetCookie();
  };

  it('sets HttpOnly, SameSite=Lax cookies for a browser without a session', async () => {
    api = await startTestApi();
    const cookies = await tokenResponse(api);
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
    }
  });

  it('in production: Secure cookies, a __Host- prefix and HSTS', async () => {
    api = await startTestApi({ NODE_ENV: 'production' });
    const res = await api.fetch('/healthz');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const cookies = await tokenResponse(api);
    expect(cookies.some((cookie) => cookie.startsWith('__Host-blog.csrf='))).toBe(true);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);
  });

  it('accepts a token only with the cookies of the browser it was issued to', async () => {
    api = await startTestApi();
    const browser = async () => {
      const res = await api!.fetch('/api/csrf-token');
      const cookie = cookieHeaderFrom(res);
      return { cookie, token: ((await res.json()) as { csrfToken: string }).csrfToken };
    };
    const [alice, bob] = [await browser(), await browser()];
    const post = (cookie: string, token: string) =>
      api!.fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
        body: '{}',
      });
    expect((await post(alice.cookie, bob.token)).status).toBe(403);
    expect((await post(bob.cookie, alice.token)).status).toBe(403);
    // Past the CSRF check, the empty form fails validation instead.
    expect((await post(alice.cookie, alice.token)).status).toBe(400);
  });
});
