import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.ts';
import { buildCategory, buildUser } from '../../test/factories.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { clientIp, readError } from '../../test/http.ts';
import { Category } from '../modules/categories/category.model.ts';

/**
 * Attacks as tests: cross-site requests and session theft. The token alone already stops a
 * forged form; a call that names another site as its Origin or Referer is refused as well, even with a
 * token (a token can leak; the browser's own word about where a call comes from cannot be forged).
 */
const PASSWORD = 'Dobre-Hasło1';
let api: TestApi;
let admin: TestBrowser;
let own: string;

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  own = `http://127.0.0.1:${api.port}`;
  const user = await buildUser({ role: 'admin', password: PASSWORD });
  admin = new TestBrowser(api, clientIp());
  await admin.signIn(user.username, PASSWORD);
});
afterAll(async () => {
  await api?.close();
});

/** A fresh CSRF token of this browser (its session's, when signed in). */
const tokenOf = async (browser: TestBrowser) =>
  ((await (await browser.raw('GET', '/api/csrf-token')).json()) as { csrfToken: string }).csrfToken;

/** A state-changing call with the browser's cookies and valid token, plus the headers another site would add. */
const forged = async (browser: TestBrowser, method: string, path: string, extra: Record<string, string>) =>
  browser.raw(method, path, {
    headers: { 'x-csrf-token': await tokenOf(browser), 'content-type': 'application/json', ...extra },
    body: method === 'DELETE' ? undefined : '{}',
  });

describe('CSRF from another origin', () => {
  const foreign: Record<string, Record<string, string>> = {
    'Origin of another site': { origin: 'https://evil.example' },
    'Origin of a look-alike host': { origin: 'http://127.0.0.1.evil.example' },
    'opaque Origin null (sandboxed frame)': { origin: 'null' },
    'Referer of another site, no Origin': { referer: 'https://evil.example/form.html' },
    'Referer that is no URL': { referer: 'not a url' },
  };
  for (const [name, headers] of Object.entries(foreign)) {
    it(`refuses a signed-in admin's deletion with ${name}, even with a valid token`, async () => {
      const category = await buildCategory();
      const res = await forged(admin, 'DELETE', `/api/admin/categories/${category.id}`, headers);
      expect(res.status).toBe(403);
      expect(await readError(res)).toMatchObject({ error: 'csrf_failed' });
      expect(await Category.findByPk(category.id)).not.toBeNull();
    });
  }

  it('refuses an anonymous form (contact, sign-in) from another site too', async () => {
    const visitor = new TestBrowser(api, clientIp());
    for (const path of ['/api/contact', '/api/login', '/api/subscribe', '/api/register']) {
      const res = await forged(visitor, 'POST', path, { origin: 'https://evil.example' });
      expect(res.status, path).toBe(403);
    }
  });

  it('lets the site itself through: its own origin, PUBLIC_URL, or no Origin/Referer at all (then the token decides)', async () => {
    const visitor = new TestBrowser(api, clientIp());
    const sameSite: Record<string, string>[] = [
      { origin: own },
      { origin: new URL(api.config.PUBLIC_URL).origin },
      { referer: `${own}/contact` },
      {},
    ];
    for (const headers of sameSite) {
      // Past the CSRF check, the empty form fails validation instead.
      expect((await forged(visitor, 'POST', '/api/contact', headers)).status).toBe(400);
    }
  });

  it('the same deletion from the site itself goes through (so the refusals above are the Origin check)', async () => {
    const category = await buildCategory();
    expect(
      (await forged(admin, 'DELETE', `/api/admin/categories/${category.id}`, { origin: own })).status,
    ).toBe(200);
    expect(await Category.findByPk(category.id)).toBeNull();
  });

  it('refuses a call without a token, and a token of another browser, whatever the Origin', async () => {
    const category = await buildCategory();
    const bare = await api.fetch(`/api/admin/categories/${category.id}`, {
      method: 'DELETE',
      headers: { cookie: admin.cookieHeader(), origin: own },
    });
    expect(bare.status).toBe(403);
    const other = new TestBrowser(api, clientIp());
    const res = await admin.raw('DELETE', `/api/admin/categories/${category.id}`, {
      headers: { 'x-csrf-token': await tokenOf(other), origin: own },
    });
    expect(res.status).toBe(403);
    expect(await Category.findByPk(category.id)).not.toBeNull();
  });

  it('keeps RFC 8058 one-click unsubscribe open to mail clients (no token; the signed link protects it)', async () => {
    const res = await api.fetch('/api/unsubscribe?email=a%40example.com&category=1&token=zly', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(400);
  });
});

describe('sessions', () => {
  it('never adopts a session id chosen by an attacker (fixation): sign-in issues its own', async () => {
    const user = await buildUser({ role: 'publisher', password: PASSWORD });
    const planted = 's%3Aatakujacy-ustalil-ten-identyfikator.podpis';
    const victim = new TestBrowser(api, clientIp());
    const headers = await victim.headers();
    const res = await api.fetch('/api/login', {
      method: 'POST',
      headers: {
        ...headers,
        cookie: `${headers.cookie}; blog.sid=${planted}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ username: user.username, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const issued = res.headers.getSetCookie().find((line) => line.startsWith('blog.sid='));
    expect(issued).toBeDefined();
    expect(issued).not.toContain(planted);
    expect((await api.fetch('/api/user', { headers: { cookie: `blog.sid=${planted}` } })).status).toBe(401);
  });

  it('gives two tabs of one session the same token, so one never spoils the other; sign-in changes it', async () => {
    const user = await buildUser({ role: 'admin', password: PASSWORD });
    const b = new TestBrowser(api, clientIp());
    const visitor = await tokenOf(b);
    expect(await tokenOf(b)).toBe(visitor);
    await b.signIn(user.username, PASSWORD);
    const [tabA, tabB] = [await tokenOf(b), await tokenOf(b)];
    expect(tabA).not.toBe(visitor);
    expect(tabB).toBe(tabA);
    const create = (token: string) =>
      b.raw('POST', '/api/admin/categories', {
        headers: { 'x-csrf-token': token, 'content-type': 'application/json' },
        body: '{}',
      });
    // Past the CSRF check, the empty form fails validation; the token from before sign-in is refused.
    expect((await create(tabA)).status).toBe(400);
    const refused = await create(visitor);
    expect(refused.status).toBe(403);
    expect((await readError(refused)).error).toBe('csrf_failed');
  });

  it('after logout neither the old cookie nor its CSRF token works: no read, no write', async () => {
    const user = await buildUser({ role: 'admin', password: PASSWORD });
    const b = new TestBrowser(api, clientIp());
    await b.signIn(user.username, PASSWORD);
    const stolen = { cookie: b.cookieHeader(), 'x-csrf-token': await tokenOf(b) };
    expect((await b.call('POST', '/api/logout')).status).toBe(200);
    expect((await api.fetch('/api/admin/users', { headers: { cookie: stolen.cookie } })).status).toBe(401);
    const category = await buildCategory();
    const write = await api.fetch(`/api/admin/categories/${category.id}`, {
      method: 'DELETE',
      headers: stolen,
    });
    expect([401, 403]).toContain(write.status);
    expect(await Category.findByPk(category.id)).not.toBeNull();
  });
});
