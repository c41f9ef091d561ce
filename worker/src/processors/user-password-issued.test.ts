import { passwordRuleViolation, verifyPassword } from '@blog/api/auth/password';
import { EmailDelivery, User } from '@blog/api/models';
import { buildUser } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailTestEnv, startMailTestEnv, TEST_SENDER } from '../../test/mail-test-env.ts';
import { processUserPasswordIssued } from './user-password-issued.ts';

describe('user.password-issued: a temporary password, stored hashed and e-mailed once', () => {
  let env: MailTestEnv;
  beforeAll(async () => {
    env = await startMailTestEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  const record = (payload: { userId: number; reason: 'created' | 'reset' }) =>
    env.api.runtime.sequelize.transaction((transaction) =>
      env.api.runtime.events.record({ type: 'user.password-issued', payload }, transaction),
    );
  const passwordHashOf = async (userId: number) =>
    (await User.findByPk(userId, { rejectOnEmpty: true })).passwordHash;

  it('e-mails a new user their username and a temporary password that signs in, once', async () => {
    const user = await buildUser({ displayName: 'Ala <b>Kowalska</b> & syn' });
    const eventId = await record({ userId: user.id, reason: 'created' });

    expect(await env.worker.resultOf(eventId)).toEqual({ status: 'sent', userId: user.id });
    const [mail] = await env.sink.waitFor(user.email!);
    const { parsed } = mail!;
    expect(mail!.recipients).toEqual([user.email]);
    expect(parsed.subject).toBe('Twoje konto na blogu');
    expect(parsed.from?.value).toEqual([{ address: TEST_SENDER, name: '' }]);
    expect(parsed.text).toContain('Cześć Ala <b>Kowalska</b> & syn!');
    expect(parsed.text).toContain(`Nazwa użytkownika: ${user.username}`);
    expect(parsed.text).toContain('Zaloguj się tutaj: http://localhost:3000/auth\n');
    expect(parsed.text).toContain('„Zmień hasło”');

    const password = /Hasło tymczasowe: (\S+)/.exec(parsed.text ?? '')?.[1] ?? '';
    expect(passwordRuleViolation(password)).toBeNull();
    const storedHash = await passwordHashOf(user.id);
    expect(storedHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(storedHash, password)).toBe(true);
    // Marked temporary: the first sign-in greets and asks for a new password.
    expect((await User.findByPk(user.id, { rejectOnEmpty: true })).passwordTemporary).toBe(true);

    // The HTML says the same, with every interpolated value escaped.
    const body = String(parsed.html);
    expect(body).toContain('Cześć Ala &lt;b&gt;Kowalska&lt;/b&gt; &amp; syn!');
    expect(body).not.toContain('<b>Kowalska');
    expect(body).toContain(password.replace(/&/g, '&amp;'));
    expect(body).toContain('href="http://localhost:3000/auth"');

    const delivery = await EmailDelivery.findOne({ where: { eventId }, rejectOnEmpty: true });
    expect(delivery).toMatchObject({
      recipient: user.email,
      kind: 'password-issued',
      status: 'sent',
      attempts: 1,
    });
    expect(delivery.sentAt).toBeInstanceOf(Date);

    // The same event again (a retry after the send, a redelivered job) changes and sends nothing.
    const again = await processUserPasswordIssued(
      { eventId, payload: { userId: user.id, reason: 'created' } },
      env.api.runtime,
    );
    expect(again).toEqual({ status: 'skipped', reason: 'already-sent' });
    expect(await passwordHashOf(user.id)).toBe(storedHash);
    await env.worker.settled();
    expect(env.sink.to(user.email!)).toHaveLength(1);
  });

  it('after an admin reset, says so and greets by username when there is no display name', async () => {
    const user = await buildUser({ displayName: null, password: 'Stare-Haslo-1' });
    const eventId = await record({ userId: user.id, reason: 'reset' });
    expect(await env.worker.resultOf(eventId)).toEqual({ status: 'sent', userId: user.id });
    const { parsed } = (await env.sink.waitFor(user.email!))[0]!;
    expect(parsed.subject).toBe('Nowe hasło do Twojego konta');
    expect(parsed.text).toContain(`Cześć ${user.username}!`);
    expect(parsed.text).toContain('Poprzednie hasło już nie działa');
    const password = /Hasło tymczasowe: (\S+)/.exec(parsed.text ?? '')?.[1] ?? '';
    const storedHash = await passwordHashOf(user.id);
    expect(await verifyPassword(storedHash, password)).toBe(true);
    expect(await verifyPassword(storedHash, 'Stare-Haslo-1')).toBe(false);
  });

  it.each([
    ['an inactive user', { isActive: false }, 'user-inactive'],
    ['a user without an e-mail address', { email: null }, 'no-email'],
    ['a deleted user', {}, 'user-gone'],
  ] as const)('skips %s: no password change, nothing sent', async (_case, attributes, reason) => {
    const user = await buildUser(attributes);
    const before = user.passwordHash;
    if (reason === 'user-gone') await user.destroy();
    const eventId = await record({ userId: user.id, reason: 'created' });

    expect(await env.worker.resultOf(eventId)).toEqual({ status: 'skipped', reason });
    expect(await EmailDelivery.count({ where: { eventId } })).toBe(0);
    if (reason !== 'user-gone') expect(await passwordHashOf(user.id)).toBe(before);
    if (user.email) expect(env.sink.to(user.email)).toEqual([]);
  });
});
