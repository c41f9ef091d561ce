import { SiteSetting, UserSubscription } from '@blog/api/models';
import { SETTING_KEYS } from '@blog/api/settings';
import { buildCategory, buildPost, clientIp, TestBrowser } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test/testing.ts';
import { type MailTestEnv, startMailTestEnv } from '../../test/mail-test-env.ts';
import type { CaughtEmail } from '../../test/smtp-sink.ts';

/**
 * Attacks as tests: header injection. CR/LF in a text that reaches an e-mail's headers
 * (subject from a title or a category name, addresses, SMTP settings) must never add a header or a
 * recipient. The texts are written straight to the database, as if they had got past the forms.
 */
const INJECTED = '\r\nBcc: ofiara@example.com\r\nX-Wstrzykniety: 1\r\n\r\n<p>podmieniona treść</p>';

let env: MailTestEnv;
let admin: TestBrowser;

beforeAll(async () => {
  env = await startMailTestEnv({ apiOverrides: { TRUST_PROXY: '1' } });
  admin = await signedInAdmin(env.api, clientIp());
});
afterAll(async () => {
  await env?.close();
});

const headerNames = (mail: CaughtEmail) => mail.parsed.headerLines.map((line) => line.key);

function expectOneClean(mails: CaughtEmail[], to: string) {
  for (const mail of mails) {
    expect(mail.recipients).toEqual([to]);
    expect(headerNames(mail)).not.toContain('bcc');
    expect(headerNames(mail)).not.toContain('x-wstrzykniety');
    expect(mail.parsed.subject ?? '').not.toMatch(/[\r\n]/);
  }
  expect(env.sink.to('ofiara@example.com')).toEqual([]);
}

describe('header injection in e-mails', () => {
  it('CR/LF in a category name and a post title stay inside the subject: no header, no extra recipient', async () => {
    const category = await buildCategory({ name: `Kategoria${INJECTED}`.slice(0, 100) });
    const reader = `czytelnik-${Date.now()}@example.com`;
    const subscribed = await new TestBrowser(env.api, clientIp()).call('POST', '/api/subscribe', {
      email: reader,
      categoryId: category.id,
      consent: true,
    });
    expect(subscribed.status).toBe(201);
    const post = await buildPost({
      title: `Tytuł${INJECTED}`,
      excerpt: `Zajawka${INJECTED}`,
      categories: [category],
    });
    await env.api.runtime.sequelize.transaction((transaction) =>
      env.api.runtime.events.record({ type: 'post.published', payload: { postId: post.id } }, transaction),
    );
    const mails = await env.sink.waitFor(reader, 2, 20_000);
    expectOneClean(mails, reader);
    expect(mails.map((mail) => mail.parsed.subject).join('|')).toContain('Tytuł');
  });

  it('an address with CR/LF is refused wherever one is typed (subscribe, test e-mail, sender, account)', async () => {
    const category = await buildCategory();
    const evil = `czytelnik@example.com${INJECTED}`;
    const calls: [string, string, object][] = [
      ['POST', '/api/subscribe', { email: evil, categoryId: category.id, consent: true }],
      ['POST', '/api/admin/test-email', { email: evil }],
      ['POST', '/api/admin/users', { username: `u${Date.now()}`, email: evil, role: 'subscriber' }],
      [
        'POST',
        '/api/contact',
        { name: 'Ktoś', email: evil, message: 'Dzień dobry, wiadomość.', captchaId: 'x', captcha: 'x' },
      ],
      ['POST', '/api/password-reset/request', { email: evil }],
    ];
    for (const [method, path, body] of calls) {
      const res = await admin.call(method, path, body);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
    expect(await UserSubscription.count({ where: { categoryId: category.id } })).toBe(0);
  });

  it('SMTP settings with CR/LF are refused, so no header can be smuggled through the sender or the server', async () => {
    const valid = {
      smtpHost: env.sink.host,
      smtpPort: String(env.sink.port),
      smtpUser: '',
      senderEmail: 'blog@example.com',
      smtpSecure: false,
    };
    for (const field of ['smtpHost', 'smtpUser', 'senderEmail', 'smtpPassword'] as const) {
      const res = await admin.call('POST', '/api/admin/email-settings', {
        ...valid,
        [field]: `wartosc${INJECTED}`,
      });
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
    }
    const sender = await SiteSetting.findOne({ where: { key: SETTING_KEYS.senderEmail } });
    expect(sender?.value ?? '').not.toMatch(/[\r\n]/);
  });
});
