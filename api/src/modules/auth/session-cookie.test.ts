import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp } from '../../../test/http.ts';

// A file of its own: one test API per file (sequelize-typescript binds the models to one connection).
let production: TestApi;
beforeAll(async () => {
  production = await startTestApi({ NODE_ENV: 'production', TRUST_PROXY: '1' });
});
afterAll(async () => {
  await production?.close();
});

const PASSWORD = 'Dobre-Hasło1';
const staffUser = () => buildUser({ role: 'publisher', password: PASSWORD });

describe('the session cookie in production', () => {
  it('in production behind TLS: a Secure, __Host- session cookie with no Domain', async () => {
    const user = await staffUser();
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': clientIp() };
    const tokenRes = await production.fetch('/api/csrf-token', { headers: https });
    const cookie = tokenRes.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const { csrfToken } = (await tokenRes.json()) as { csrfToken: string };
    const res = await production.fetch('/api/login', {
      method: 'POST',
      headers: { ...https, cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((c) => c.startsWith('__Host-blog.sid='));
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/Domain=/i);
  });
});
