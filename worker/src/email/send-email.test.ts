import { randomBytes, randomUUID } from 'node:crypto';
import { encryptSecret } from '@blog/api/crypto';
import { EmailDelivery, SiteSetting } from '@blog/api/models';
import { SETTING_KEYS } from '@blog/api/settings';
import { buildUser, until } from '@blog/api/testing';
import { UnrecoverableError } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MailTestEnv, startMailTestEnv } from '../../test/mail-test-env.ts';
import { normalizeRecipient, sendEmail } from './send-email.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';

describe('sendEmail: once per (event, recipient), SMTP from the settings, failures recorded without secrets', () => {
  let env: MailTestEnv;
  let guarded: SmtpSink;
  const SMTP_USER = 'blog-smtp';
  const SMTP_PASSWORD = `Pr4wdziwe-${randomBytes(6).toString('hex')}`;
  const WRONG_PASSWORD = `Zle-Haslo-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    env = await startMailTestEnv();
    // A server that requires sign-in and, like some real ones, quotes what it was sent when refusing.
    guarded = await startSmtpSink({
      credentials: {
        user: SMTP_USER,
        password: SMTP_PASSWORD,
        refusal: `Authentication failed for ${WRONG_PASSWORD}`,
      },
    });
  });
  afterEach(async () => {
    await env.setSmtpSettings();
  });
  afterAll(async () => {
    await guarded?.stop();
    await env?.close();
  });

  const message = (to: string) => ({
    eventId: randomUUID(),
    kind: 'password-reset' as const,
    to,
    subject: 'Temat testowy',
    text: 'Treść',
    html: '<p>Treść</p>',
  });
  const address = () => `odbiorca-${randomBytes(4).toString('hex')}@example.com`;

  it('sends once per event and recipient; a second call skips', async () => {
    const email = message(address());
    expect(await sendEmail(env.api.runtime, email)).toBe('sent');
    expect(await sendEmail(env.api.runtime, email)).toBe('skipped');
    expect(await sendEmail(env.api.runtime, { ...email, eventId: randomUUID() })).toBe('sent');
    await env.sink.waitFor(email.to, 2);
    await env.worker.settled();
    expect(env.sink.to(email.to)).toHaveLength(2);
    expect(await EmailDelivery.count({ where: { recipient: email.to, status: 'sent' } })).toBe(2);
  });

  it('signs in with the stored user and the decrypted password', async () => {
    await env.setSmtpSettings({
      smtpHost: guarded.host,
      smtpPort: String(guarded.port),
      smtpUser: SMTP_USER,
      smtpPassword: SMTP_PASSWORD,
    });
    const email = message(address());
    expect(await sendEmail(env.api.runtime, email)).toBe('sent');
    const [mail] = await guarded.waitFor(email.to);
    expect(mail?.authenticatedAs).toBe(SMTP_USER);
  });

  it('keeps a refused password out of the error, the delivery row and the retry', async () => {
    await env.setSmtpSettings({
      smtpHost: guarded.host,
      smtpPort: String(guarded.port),
      smtpUser: SMTP_USER,
      smtpPassword: WRONG_PASSWORD,
    });
    const email = message(address());
    const error = await sendEmail(env.api.runtime, email).then(
      () => null,
      (err: unknown) => err as Error,
    );
    expect(error?.message).toMatch(/Authentication failed for \[redacted\]/);
    expect(error?.message).not.toContain(WRONG_PASSWORD);
    expect(error?.cause).toBeUndefined();
    const delivery = await EmailDelivery.findOne({ where: { eventId: email.eventId }, rejectOnEmpty: true });
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      sentAt: null,
      lastError: error?.message,
    });

    // Fixed settings: the next attempt sends and completes the same row.
    await env.setSmtpSettings({
      smtpHost: guarded.host,
      smtpPort: String(guarded.port),
      smtpUser: SMTP_USER,
      smtpPassword: SMTP_PASSWORD,
    });
    expect(await sendEmail(env.api.runtime, email)).toBe('sent');
    await delivery.reload();
    expect(delivery).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('fails clearly when the password was encrypted with another key', async () => {
    await env.setSmtpSettings({ smtpUser: SMTP_USER });
    await SiteSetting.create({
      key: SETTING_KEYS.smtpPassword,
      value: encryptSecret(SMTP_PASSWORD, randomBytes(32).toString('hex')),
      encrypted: true,
    });
    await expect(sendEmail(env.api.runtime, message(address()))).rejects.toThrow(
      'SMTP password unusable: The encrypted value could not be decrypted: wrong ENCRYPTION_KEY, or the value was changed',
    );
  });

  it('with no SMTP host, the job fails, is retried later, and the delivery row records why', async () => {
    await env.setSmtpSettings({ smtpHost: null });
    const user = await buildUser();
    const eventId = await env.api.runtime.sequelize.transaction((transaction) =>
      env.api.runtime.events.record(
        { type: 'user.password-issued', payload: { userId: user.id, reason: 'created' } },
        transaction,
      ),
    );
    const job = await env.worker.waitForJob(eventId);
    let delivery: EmailDelivery | null = null;
    await until('the failed attempt to be recorded', async () => {
      delivery = await EmailDelivery.findOne({ where: { eventId } });
      return Boolean(delivery?.lastError);
    });
    const reason = 'SMTP is not configured: set the SMTP server in the settings';
    expect(delivery).toMatchObject({
      recipient: user.email,
      status: 'failed',
      attempts: 1,
      lastError: reason,
    });

    // BullMQ holds the attempt as failed with the same reason and schedules the retry (backoff).
    await until('the retry to be scheduled', async () => (await job.getState()) === 'delayed');
    const stored = await (await env.api.runtime.eventsQueue()).getJob(eventId);
    expect(await stored?.getState()).toBe('delayed');
    expect(stored).toMatchObject({ attemptsMade: 1, failedReason: reason });
    await stored?.remove(); // so its retry does not send once the settings are back
  });

  it('never lets a recipient add headers or recipients', async () => {
    const to = address();
    const email = { ...message(to), subject: 'Temat\r\nBcc: intruz@example.com' };
    expect(await sendEmail(env.api.runtime, email)).toBe('sent');
    const [mail] = await env.sink.waitFor(to);
    expect(mail?.recipients).toEqual([to]);
    expect(mail?.parsed.subject).toBe('Temat Bcc: intruz@example.com');
    expect(mail?.parsed.bcc).toBeUndefined();
    expect(() => normalizeRecipient(`${to}\r\nBcc: intruz@example.com`)).toThrow(UnrecoverableError);
    expect(() => normalizeRecipient(`${to}, intruz@example.com`)).toThrow(UnrecoverableError);
    expect(() => normalizeRecipient(`Ktoś <${to}>`)).toThrow(UnrecoverableError);
    expect(normalizeRecipient(` ${to}\r\n`)).toBe(to);
  });
});
