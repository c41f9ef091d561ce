import { hashResetToken } from '@blog/api/auth/reset-token';
import { EmailDelivery, User } from '@blog/api/models';
import { buildUser } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailTestEnv, startMailTestEnv } from '../../test/mail-test-env.ts';
import { processPasswordResetRequested } from './password-reset-requested.ts';

const HOUR = 3_600_000;

describe('password-reset.requested: a one-hour reset link, only its hash stored', () => {
  let env: MailTestEnv;
  beforeAll(async () => {
    env = await startMailTestEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  const record = (userId: number) =>
    env.api.runtime.sequelize.transaction((transaction) =>
      env.api.runtime.events.record({ type: 'password-reset.requested', payload: { userId } }, transaction),
    );
  const reload = (userId: number) => User.findByPk(userId, { rejectOnEmpty: true });

  it('e-mails a link whose token hashes to the stored hash, valid for an hour; a rerun changes nothing', async () => {
    const user = await buildUser({ displayName: 'Zenon' });
    const before = Date.now();
    const eventId = await record(user.id);
    const result = await env.worker.resultOf(eventId);
    const after = Date.now();
    expect(result).toMatchObject({ status: 'sent', userId: user.id });

    const { parsed } = (await env.sink.waitFor(user.email!))[0]!;
    expect(parsed.subject).toBe('Resetowanie hasła');
    expect(parsed.text).toContain('Cześć Zenon!');
    expect(parsed.text).toContain(`konta „${user.username}”`);
    expect(parsed.text).toContain('Link działa tylko raz i jest ważny przez godzinę.');
    expect(parsed.text).toContain('zignoruj tę wiadomość');

    const link =
      /http:\/\/localhost:3000\/auth\/reset\?token=[A-Za-z0-9_-]+/.exec(parsed.text ?? '')?.[0] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(String(parsed.html)).toContain(`href="${link}"`);

    const stored = await reload(user.id);
    expect(stored.resetTokenHash).toBe(hashResetToken(token));
    expect(stored.resetTokenHash).not.toContain(token);
    const expiry = stored.resetTokenExpiry!.getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + HOUR - 1000);
    expect(expiry).toBeLessThanOrEqual(after + HOUR + 1000);
    expect(result).toMatchObject({ expiresAt: stored.resetTokenExpiry!.toISOString() });
    expect(await EmailDelivery.findOne({ where: { eventId } })).toMatchObject({
      kind: 'password-reset',
      status: 'sent',
      attempts: 1,
    });

    const again = await processPasswordResetRequested(
      { eventId, payload: { userId: user.id } },
      env.api.runtime,
    );
    expect(again).toEqual({ status: 'skipped', reason: 'already-sent' });
    expect((await reload(user.id)).resetTokenHash).toBe(stored.resetTokenHash);
    await env.worker.settled();
    expect(env.sink.to(user.email!)).toHaveLength(1);
  });

  it.each([
    ['an inactive user', { isActive: false }, 'user-inactive'],
    ['a user without an e-mail address', { email: null }, 'no-email'],
    ['a deleted user', {}, 'user-gone'],
  ] as const)('skips %s: no token stored, nothing sent', async (_case, attributes, reason) => {
    const user = await buildUser(attributes);
    if (reason === 'user-gone') await user.destroy();
    const eventId = await record(user.id);

    expect(await env.worker.resultOf(eventId)).toEqual({ status: 'skipped', reason });
    expect(await EmailDelivery.count({ where: { eventId } })).toBe(0);
    if (reason !== 'user-gone') expect((await reload(user.id)).resetTokenHash).toBeNull();
    if (user.email) expect(env.sink.to(user.email)).toEqual([]);
  });
});
