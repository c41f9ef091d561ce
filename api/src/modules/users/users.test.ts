import type { AdminUserPage, User as UserView } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxEvent } from '../../events/outbox-event.model.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { buildPost, buildUser, uniqueSuffix } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp, readError } from '../../../test/http.ts';
import { verifyPassword } from '../auth/password.ts';
import { Post } from '../posts/post.model.ts';
import { User } from './user.model.ts';
import { USER_EDIT_CONFLICT } from './users.service.ts';

let api: TestApi;
let admin: User;
let adminBrowser: TestBrowser;
const PASSWORD = 'Dobre-Hasło1';

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  admin = await buildUser({ role: 'admin', password: PASSWORD });
  adminBrowser = await signedIn(admin);
});
afterAll(async () => {
  await api?.close();
});

async function signedIn(user: User, password = PASSWORD): Promise<TestBrowser> {
  const browser = new TestBrowser(api, clientIp());
  await browser.signIn(user.username, password);
  return browser;
}

const eventsOf = async (type: string, userId: number) =>
  (await OutboxEvent.findAll({ where: { type } }))
    .map((row) => row.payload)
    .filter((p) => p.userId === userId);

describe('admin user management', () => {
  it('lists accounts without any secret', async () => {
    const user = await buildUser({ displayName: null });
    const res = await adminBrowser.call('GET', `/api/admin/users?q=${encodeURIComponent(user.username)}`);
    expect(res.status).toBe(200);
    const users = ((await res.json()) as AdminUserPage).items;
    expect(users.find((u) => u.id === user.id)).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      displayName: null,
      role: 'subscriber',
      isActive: true,
      createdAt: user.createdAt.toISOString(),
      version: 1,
    });
    expect(JSON.stringify(users)).not.toMatch(/passwordHash|resetToken|argon2/);
  });

  it('creates an account whose temporary password the worker e-mails (never in the response)', async () => {
    const suffix = uniqueSuffix();
    const res = await adminBrowser.call('POST', '/api/admin/users', {
      username: `redaktor-${suffix}`,
      email: `redaktor-${suffix}@example.com`,
      displayName: 'Nowy Redaktor',
      role: 'publisher',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: UserView; password?: string };
    expect(body.password).toBeUndefined();
    expect(body.user).toMatchObject({ username: `redaktor-${suffix}`, role: 'publisher', isActive: true });
    expect(await eventsOf('user.password-issued', body.user.id)).toEqual([
      { userId: body.user.id, reason: 'created' },
    ]);
    const stored = await User.findByPk(body.user.id);
    expect(await verifyPassword(stored!.passwordHash, '')).toBe(false);
  });

  it('validates new accounts with the shared messages and refuses taken names', async () => {
    const bad = await adminBrowser.call('POST', '/api/admin/users', { username: 'ab', email: 'a@b.pl' });
    expect(await readError(bad)).toEqual({
      error: 'validation_failed',
      field: 'username',
      message: 'Nazwa użytkownika musi mieć co najmniej 3 znaki',
    });
    const noEmail = await adminBrowser.call('POST', '/api/admin/users', {
      username: `bez-${uniqueSuffix()}`,
    });
    expect(await readError(noEmail)).toMatchObject({
      field: 'email',
      message: 'Podaj prawidłowy adres email',
    });
    const taken = await adminBrowser.call('POST', '/api/admin/users', {
      username: admin.username.toUpperCase(),
      email: `inny-${uniqueSuffix()}@example.com`,
    });
    expect(taken.status).toBe(409);
  });

  it('refuses bidi controls and zero-width characters in usernames and display names', async () => {
    const suffix = uniqueSuffix();
    const created = await adminBrowser.call('POST', '/api/admin/users', {
      username: `ad\u200Bmin-${suffix}`,
      email: `zw-${suffix}@example.com`,
    });
    expect(created.status).toBe(400);
    expect(await readError(created)).toEqual({
      error: 'validation_failed',
      field: 'username',
      message:
        'Nazwa użytkownika nie może zawierać znaków sterujących (np. nowej linii), niewidocznych znaków ani znaków zmieniających kierunek tekstu',
    });
    const named = await adminBrowser.call('POST', '/api/admin/users', {
      username: `zw-${suffix}`,
      email: `zw-${suffix}@example.com`,
      displayName: 'Redakcja\u202E',
    });
    expect(await readError(named)).toEqual({
      error: 'validation_failed',
      field: 'displayName',
      message:
        'Nazwa wyświetlana nie może zawierać znaków sterujących (np. nowej linii), niewidocznych znaków ani znaków zmieniających kierunek tekstu',
    });
    expect(await User.count({ where: { email: `zw-${suffix}@example.com` } })).toBe(0);
    const user = await buildUser({ displayName: 'Przed' });
    const edit = await adminBrowser.call('PATCH', `/api/admin/users/${user.id}`, {
      displayName: 'Re\u2066dakcja',
    });
    expect(await readError(edit)).toMatchObject({ field: 'displayName' });
    expect((await User.findByPk(user.id))?.displayName).toBe('Przed');
  });

  it('refuses an edit loaded at an older version with 409 and writes nothing of it', async () => {
    const user = await buildUser({ role: 'publisher' });
    const first = await adminBrowser.call('PATCH', `/api/admin/users/${user.id}`, {
      displayName: 'Pierwsza zmiana',
      version: 1,
    });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { version: number }).version).toBe(2);
    const stale = await adminBrowser.call('PATCH', `/api/admin/users/${user.id}`, {
      displayName: 'Spóźniona zmiana',
      role: 'admin',
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: 'conflict', message: USER_EDIT_CONFLICT, field: 'version' });
    expect(await User.findByPk(user.id)).toMatchObject({
      displayName: 'Pierwsza zmiana',
      role: 'publisher',
      version: 2,
    });
  });

  it('edits e-mail, display name, role and status; deactivation ends the sessions at once', async () => {
    const user = await buildUser({ role: 'publisher', password: PASSWORD });
    const theirs = await signedIn(user);
    const edit = { displayName: 'Zmieniony', role: 'subscriber', isActive: false };
    // The username is not editable: asking for it is refused, with nothing changed.
    const renamed = await adminBrowser.call('PATCH', `/api/admin/users/${user.id}`, {
      ...edit,
      username: 'nie-zmieni-sie',
    });
    expect(renamed.status).toBe(400);
    expect(await readError(renamed)).toMatchObject({ error: 'validation_failed', field: 'username' });
    expect((await theirs.call('GET', '/api/user')).status).toBe(200);
    const res = await adminBrowser.call('PATCH', `/api/admin/users/${user.id}`, edit);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      username: user.username,
      displayName: 'Zmieniony',
      role: 'subscriber',
      isActive: false,
    });
    expect((await theirs.call('GET', '/api/user')).status).toBe(401);
    await expect(signedIn(user)).rejects.toThrow();

    const clash = await adminBrowser.call('PATCH', `/api/admin/users/${user.id}`, { email: admin.email });
    expect(clash.status).toBe(409);
    expect((await adminBrowser.call('PATCH', `/api/admin/users/${user.id}`, {})).status).toBe(400);
    expect(
      (await adminBrowser.call('PATCH', '/api/admin/users/2000000000', { displayName: 'x' })).status,
    ).toBe(404);
  });

  it('never lets admins demote, deactivate or delete themselves', async () => {
    const self = `/api/admin/users/${admin.id}`;
    const demote = await adminBrowser.call('PATCH', self, { role: 'publisher' });
    expect(demote.status).toBe(403);
    expect((await readError(demote)).message).toBe('Nie możesz odebrać sobie roli administratora.');
    expect((await adminBrowser.call('PATCH', self, { isActive: false })).status).toBe(403);
    expect((await adminBrowser.call('DELETE', self)).status).toBe(403);
    expect((await adminBrowser.call('PATCH', self, { displayName: 'Szef' })).status).toBe(200);
    expect((await User.findByPk(admin.id))?.role).toBe('admin');
  });

  it('deletes an account with its posts and ends its sessions', async () => {
    const user = await buildUser({ role: 'publisher', password: PASSWORD });
    const post = await buildPost({ userId: user.id });
    const theirs = await signedIn(user);
    const res = await adminBrowser.call('DELETE', `/api/admin/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(await User.findByPk(user.id)).toBeNull();
    expect(await Post.findByPk(post.id)).toBeNull();
    expect((await theirs.call('GET', '/api/user')).status).toBe(401);
    expect((await adminBrowser.call('DELETE', `/api/admin/users/${user.id}`)).status).toBe(404);
  });

  it('resets by e-mail when there is an address: nothing in the response, old password dead, sessions ended', async () => {
    const user = await buildUser({ password: PASSWORD });
    const theirs = await signedIn(user);
    const res = await adminBrowser.call('POST', `/api/admin/users/${user.id}/reset-password`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; password?: string };
    expect(body).toEqual({ message: 'Nowe hasło zostanie wysłane na adres e-mail użytkownika.' });
    expect(await eventsOf('user.password-issued', user.id)).toEqual([{ userId: user.id, reason: 'reset' }]);
    expect((await theirs.call('GET', '/api/user')).status).toBe(401);
    await expect(signedIn(user)).rejects.toThrow();
  });

  it('returns the new password once when the account has no e-mail', async () => {
    const user = await buildUser({ email: null, password: PASSWORD });
    const res = await adminBrowser.call('POST', `/api/admin/users/${user.id}/reset-password`);
    const body = (await res.json()) as { message: string; password: string };
    expect(body.message).toBe('Hasło zostało zresetowane.');
    expect(body.password).toMatch(/^.{16}$/);
    await signedIn(user, body.password);
    await expect(signedIn(user)).rejects.toThrow();
  });

  it('marks a temporary password until the user sets their own (the first greeting)', async () => {
    const user = await buildUser({ email: null, password: PASSWORD });
    const reset = await adminBrowser.call('POST', `/api/admin/users/${user.id}/reset-password`);
    const { password } = (await reset.json()) as { password: string };
    const browser = await signedIn(user, password);
    expect(await (await browser.call('GET', '/api/user')).json()).toMatchObject({ passwordTemporary: true });
    const changed = await browser.call('POST', '/api/user/password', {
      currentPassword: password,
      newPassword: 'Nowe-Hasło-2',
      confirmPassword: 'Nowe-Hasło-2',
    });
    expect(changed.status).toBe(200);
    const again = await signedIn(user, 'Nowe-Hasło-2');
    expect(await (await again.call('GET', '/api/user')).json()).toMatchObject({ passwordTemporary: false });
  });
});
