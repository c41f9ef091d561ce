import { describe, expect, it } from 'vitest';
import { OutboxEvent } from '../../events/outbox-event.model.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { buildUser, uniqueSuffix } from '../../../test/factories.ts';
import { testApiForFile } from '../../../test/file-api.ts';
import { accountWithPassword, newBrowser, TEST_PASSWORD } from '../../../test/signed-in.ts';
import { clientIpv6Network, readError } from '../../../test/http.ts';
import { hashResetToken } from './reset-token.ts';

const api = testApiForFile({ TRUST_PROXY: '1', LOGIN_BLOCK_SECONDS: '1' });

const PASSWORD = TEST_PASSWORD;
const browser = () => newBrowser(api);
const staffUser = accountWithPassword;

describe('self-service password reset', () => {
  const neutral =
    'Jeśli konto z tym adresem e-mail istnieje, wysłaliśmy na nie link do ustawienia nowego hasła.';
  const resetEvents = async (userId: number) =>
    (await OutboxEvent.findAll({ where: { type: 'password-reset.requested' } })).filter(
      (row) => (row.payload as { userId: number }).userId === userId,
    );

  it('answers the same for any address and asks the worker to send a link only to an active account', async () => {
    const active = await buildUser();
    const inactive = await buildUser({ isActive: false });
    for (const email of [active.email, inactive.email, `nikt-${uniqueSuffix()}@example.com`]) {
      const res = await browser().call('POST', '/api/password-reset/request', {
        email: email!.toUpperCase(),
      });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ message: neutral });
    }
    expect(await resetEvents(active.id)).toHaveLength(1);
    expect(await resetEvents(inactive.id)).toHaveLength(0);
  });

  it('limits requests per address', async () => {
    const b = browser();
    for (let i = 0; i < 5; i++) {
      const email = `nikt-${uniqueSuffix()}@example.com`;
      expect((await b.call('POST', '/api/password-reset/request', { email })).status).toBe(202);
    }
    expect((await b.call('POST', '/api/password-reset/request', { email: 'x@example.com' })).status).toBe(
      429,
    );
  });

  it('limits requests per IPv6 /64, not per address', async () => {
    const network = clientIpv6Network();
    const request = (ip: string, email = `nikt-${uniqueSuffix()}@example.com`) =>
      new TestBrowser(api, ip).call('POST', '/api/password-reset/request', { email });
    for (let host = 1; host <= 5; host++) expect((await request(network.host(host))).status).toBe(202);
    expect((await request(network.host(6))).status).toBe(429);
    expect((await request(clientIpv6Network().host(1))).status).toBe(202);

    // The per-e-mail count is per network too.
    const victim = await buildUser();
    const stranger = clientIpv6Network();
    for (let host = 1; host <= 3; host++)
      expect((await request(stranger.host(host), victim.email!)).status).toBe(202);
    expect((await request(stranger.host(4), victim.email!)).status).toBe(429);
    expect((await request(clientIpv6Network().host(1), victim.email!)).status).toBe(202);
  });

  it('a stranger cannot use up an address’s requests: its owner still gets a link from another client', async () => {
    const victim = await buildUser();
    const stranger = browser();
    for (let i = 0; i < 3; i++)
      expect(
        (await stranger.call('POST', '/api/password-reset/request', { email: victim.email })).status,
      ).toBe(202);
    expect((await stranger.call('POST', '/api/password-reset/request', { email: victim.email })).status).toBe(
      429,
    );
    const owner = await browser().call('POST', '/api/password-reset/request', { email: victim.email });
    expect(owner.status).toBe(202);
    expect(await resetEvents(victim.id)).toHaveLength(4);
  });

  it('sends one address at most ten reset e-mails an hour, answering everyone the same', async () => {
    const target = await buildUser();
    for (let i = 0; i < 12; i++) {
      const res = await browser().call('POST', '/api/password-reset/request', { email: target.email });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ message: neutral });
    }
    expect(await resetEvents(target.id)).toHaveLength(10);
  });

  it('sets the password with a valid token once, ends every session, and refuses used or expired tokens', async () => {
    const user = await staffUser();
    const signedIn = browser();
    await signedIn.signIn(user.username, PASSWORD);
    const token = `token-${uniqueSuffix()}`;
    await user.update({
      resetTokenHash: hashResetToken(token),
      resetTokenExpiry: new Date(Date.now() + 60_000),
    });
    const confirm = (body: object) => browser().call('POST', '/api/password-reset/confirm', body);

    const weak = await confirm({ token, password: 'słabe' });
    expect(await readError(weak)).toMatchObject({ field: 'password' });
    const ok = await confirm({ token, password: 'Nowe-Hasło3' });
    expect(ok.status).toBe(200);
    expect((await signedIn.call('GET', '/api/user')).status).toBe(401);
    await browser().signIn(user.username, 'Nowe-Hasło3');
    const reused = await confirm({ token, password: 'Inne-Hasło4' });
    expect(reused.status).toBe(400);
    expect(await readError(reused)).toEqual({
      error: 'bad_request',
      field: 'token',
      message: 'Link do resetowania hasła jest nieprawidłowy lub wygasł.',
    });

    const expired = `token-${uniqueSuffix()}`;
    await user.update({
      resetTokenHash: hashResetToken(expired),
      resetTokenExpiry: new Date(Date.now() - 1000),
    });
    expect((await confirm({ token: expired, password: 'Inne-Hasło4' })).status).toBe(400);
    await browser().signIn(user.username, 'Nowe-Hasło3');
  });
});

describe('own password change', () => {
  it('checks the current password and the confirmation, then ends the other sessions', async () => {
    const user = await staffUser();
    const here = browser();
    const elsewhere = browser();
    await here.signIn(user.username, PASSWORD);
    await elsewhere.signIn(user.username, PASSWORD);
    const change = (body: object) => here.call('POST', '/api/user/password', body);

    const wrong = await change({
      currentPassword: 'Złe-Hasło1',
      newPassword: 'Nowe-Hasło2',
      confirmPassword: 'Nowe-Hasło2',
    });
    expect(wrong.status).toBe(400);
    expect(await readError(wrong)).toEqual({
      error: 'validation_failed',
      field: 'currentPassword',
      message: 'Obecne hasło jest nieprawidłowe',
    });
    const differ = await change({
      currentPassword: PASSWORD,
      newPassword: 'Nowe-Hasło2',
      confirmPassword: 'Inne-Hasło2',
    });
    expect(await readError(differ)).toEqual({
      error: 'validation_failed',
      field: 'confirmPassword',
      message: 'Hasła muszą być identyczne',
    });

    const ok = await change({
      currentPassword: PASSWORD,
      newPassword: 'Nowe-Hasło2',
      confirmPassword: 'Nowe-Hasło2',
    });
    expect(ok.status).toBe(200);
    expect((await here.call('GET', '/api/user')).status).toBe(200);
    expect((await elsewhere.call('GET', '/api/user')).status).toBe(401);
    await expect(browser().signIn(user.username, PASSWORD)).rejects.toThrow();
    await browser().signIn(user.username, 'Nowe-Hasło2');
  });

  it('needs a session', async () => {
    const res = await browser().call('POST', '/api/user/password', {});
    expect(res.status).toBe(401);
  });
});
