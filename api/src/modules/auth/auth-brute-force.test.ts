import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { testApiForFile } from '../../../test/file-api.ts';
import { accountWithPassword, newBrowser, TEST_PASSWORD } from '../../../test/signed-in.ts';
import { clientIpv6Network, readError } from '../../../test/http.ts';

/** Sign-in's brute-force limits (per account and address, per IPv6 /64), over HTTP. */
const api = testApiForFile({ TRUST_PROXY: '1', LOGIN_BLOCK_SECONDS: '1' });

const PASSWORD = TEST_PASSWORD;
const browser = () => newBrowser(api);
const staffUser = accountWithPassword;

describe('brute-force protection', () => {
  it('blocks an account from one address after 5 wrong passwords, longer each time, then lets it in', async () => {
    const user = await staffUser();
    const b = browser();
    const attempt = (password: string) => b.call('POST', '/api/login', { username: user.username, password });
    for (let i = 0; i < 5; i++) expect((await attempt('Złe-Hasło1')).status).toBe(401);
    const blocked = await attempt(PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('1');
    expect(await readError(blocked)).toEqual({
      error: 'rate_limited',
      message: 'Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za kilka minut.',
    });
    // Another address is not blocked for this account.
    expect(
      (await browser().call('POST', '/api/login', { username: user.username, password: PASSWORD })).status,
    ).toBe(200);

    // The block's length is the subject and Redis's key expiry runs it: that clock cannot be injected.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (let i = 0; i < 5; i++) expect((await attempt('Złe-Hasło1')).status).toBe(401);
    const again = await attempt(PASSWORD);
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('2');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await attempt(PASSWORD)).status).toBe(200);
  });

  it('counts an account’s wrong passwords per IPv6 /64: the next address of the network is blocked too', async () => {
    const user = await staffUser();
    const network = clientIpv6Network();
    const attempt = (host: number, password: string) =>
      new TestBrowser(api, network.host(host)).call('POST', '/api/login', {
        username: user.username,
        password,
      });
    for (let host = 1; host <= 5; host++) expect((await attempt(host, 'Złe-Hasło1')).status).toBe(401);
    expect((await attempt(6, 'Złe-Hasło1')).status).toBe(429);
    const elsewhere = new TestBrowser(api, clientIpv6Network().host(1));
    expect(
      (await elsewhere.call('POST', '/api/login', { username: user.username, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('counts wrong passwords for any account per IPv6 /64', async () => {
    const network = clientIpv6Network();
    for (let i = 0; i < 30; i++) {
      const res = await new TestBrowser(api, network.host(i + 1)).call('POST', '/api/login', {
        username: `zgadywany-${i}`,
        password: 'Złe-Hasło1',
      });
      expect(res.status).toBe(401);
    }
    const user = await staffUser();
    const login = (ip: string) =>
      new TestBrowser(api, ip).call('POST', '/api/login', { username: user.username, password: PASSWORD });
    expect((await login(network.host(0xffff))).status).toBe(429);
    expect((await login(clientIpv6Network().host(1))).status).toBe(200);
  });

  it('checks at most 5 of many parallel wrong passwords against the hash (consume-and-check is atomic)', async () => {
    const user = await staffUser();
    const b = browser();
    const attempt = () => b.call('POST', '/api/login', { username: user.username, password: 'Złe-Hasło1' });
    // Two bursts of 4 at once, as the review sent them, then a burst of 8: a 401 means the password
    // was checked against the hash, a 429 that it was refused before.
    const statuses = (await Promise.all([attempt(), attempt(), attempt(), attempt()]))
      .concat(await Promise.all([attempt(), attempt(), attempt(), attempt()]))
      .map((res) => res.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);

    const other = await staffUser();
    const burst = await Promise.all(
      Array.from({ length: 8 }, () =>
        b.call('POST', '/api/login', { username: other.username, password: 'Złe-Hasło1' }),
      ),
    );
    expect(burst.filter((res) => res.status === 401)).toHaveLength(5);
    expect(burst.filter((res) => res.status === 429)).toHaveLength(3);
  });

  it('does not count a correct password or a blocked attempt against the address', async () => {
    const b = browser();
    const user = await staffUser();
    const blocked = await staffUser();
    const login = (username: string, password = 'Złe-Hasło1') =>
      b.call('POST', '/api/login', { username, password });
    // 24 failures on unknown accounts and 5 on one that is then blocked: 29 for the address.
    for (let i = 0; i < 24; i++) expect((await login(`zgadywany-${i}`)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(blocked.username)).status).toBe(401);
    // Refused before the check, and correct sign-ins: neither uses the address's 30th failure.
    for (let i = 0; i < 3; i++) expect((await login(blocked.username)).status).toBe(429);
    for (let i = 0; i < 3; i++) await b.signIn(user.username, PASSWORD);
    expect(
      (await b.call('POST', '/api/login', { username: 'zgadywany-x', password: 'Złe-Hasło1' })).status,
    ).toBe(401);
    expect((await b.call('POST', '/api/login', { username: user.username, password: PASSWORD })).status).toBe(
      429,
    );
  });

  it('checks at most 5 of many parallel wrong current passwords in a password change', async () => {
    const user = await staffUser();
    const b = browser();
    await b.signIn(user.username, PASSWORD);
    const wrong = () =>
      b.call('POST', '/api/user/password', {
        currentPassword: 'Złe-Hasło1',
        newPassword: 'Nowe-Hasło2',
        confirmPassword: 'Nowe-Hasło2',
      });
    // One alone first, so the browser holds the CSRF token of its new session before the burst.
    expect((await wrong()).status).toBe(400);
    const burst = await Promise.all(Array.from({ length: 7 }, wrong));
    expect(burst.filter((res) => res.status === 400)).toHaveLength(4);
    expect(burst.filter((res) => res.status === 429)).toHaveLength(3);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const user = await staffUser();
    const b = browser();
    const attempt = (password: string) => b.call('POST', '/api/login', { username: user.username, password });
    for (let i = 0; i < 4; i++) expect((await attempt('Złe-Hasło1')).status).toBe(401);
    expect((await attempt(PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('Złe-Hasło1')).status).toBe(401);
    expect((await attempt(PASSWORD)).status).toBe(200);
  });

  it('blocks one address guessing many accounts', async () => {
    const b = browser();
    for (let i = 0; i < 30; i++) {
      const res = await b.call('POST', '/api/login', { username: `zgadywany-${i}`, password: 'Złe-Hasło1' });
      expect(res.status).toBe(401);
    }
    const user = await staffUser();
    const res = await b.call('POST', '/api/login', { username: user.username, password: PASSWORD });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
