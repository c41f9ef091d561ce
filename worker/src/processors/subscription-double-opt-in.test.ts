import type { ConfirmSubscriptionResult, SubscribePendingResult, SubscriptionStats } from '@blog/shared';
import { OutboxEvent, UserSubscription } from '@blog/api/models';
import { buildCategory, buildUser, clientIp, TestBrowser } from '@blog/api/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test/testing.ts';
import { type MailTestEnv, startMailTestEnv } from '../../test/mail-test-env.ts';

/**
 * Double opt-in over HTTP, with the real worker sending to a real SMTP server: the link in
 * the e-mail is the only way to activate, and only a confirmed subscription takes a slot of the cap.
 */
const PASSWORD = 'Dobre-Hasło1';
const PENDING =
  'Sprawdź skrzynkę e-mail: wysłaliśmy link potwierdzający subskrypcję. Subskrypcja zacznie działać po jego kliknięciu.';
const BAD_LINK = 'Link potwierdzający subskrypcję jest nieprawidłowy lub wygasł. Zapisz się ponownie.';

let env: MailTestEnv;
let admin: TestBrowser;
let n = 0;
const address = () => `potwierdz-${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  env = await startMailTestEnv({ apiOverrides: { TRUST_PROXY: '1' } });
  admin = await signedInAdmin(env.api, clientIp());
});
afterAll(async () => {
  await env?.close();
});
beforeEach(async () => {
  expect((await admin.call('POST', '/api/admin/update-subscription-limit', { limit: '100' })).status).toBe(
    200,
  );
  expect((await admin.call('POST', '/api/admin/reset-subscription-count')).status).toBe(200);
});

const setDoubleOptIn = async (doubleOptIn: boolean) => {
  const res = await admin.call('POST', '/api/admin/subscription-settings', { doubleOptIn });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ doubleOptIn });
};
const subscribeAs = (email: string, categoryId: number) =>
  new TestBrowser(env.api, clientIp()).call('POST', '/api/subscribe', { email, categoryId, consent: true });
const confirm = (token: string) =>
  new TestBrowser(env.api, clientIp()).call('POST', '/api/subscribe/confirm', { token });
const stats = async () =>
  (await (await env.api.fetch('/api/subscription-stats')).json()) as SubscriptionStats;

/** The token of the confirmation link e-mailed to `email` (the `count`-th message to it). */
async function linkTokenOf(email: string, count = 1): Promise<string> {
  const mail = (await env.sink.waitFor(email, count))[count - 1]!;
  const link = /http:\/\/localhost:3000\/subscribe\/confirm\?token=[A-Za-z0-9_-]+/.exec(
    mail.parsed.text ?? '',
  )?.[0];
  expect(link, mail.parsed.text).toBeTruthy();
  expect(String(mail.parsed.html)).toContain(`href="${link}"`);
  return new URL(link!).searchParams.get('token')!;
}

describe('double opt-in setting', () => {
  it('is off by default: subscribing activates at once; only an admin reads or changes it', async () => {
    expect(await (await admin.call('GET', '/api/admin/subscription-settings')).json()).toEqual({
      doubleOptIn: false,
    });
    const category = await buildCategory();
    const res = await subscribeAs(address(), category.id);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ message: 'Subskrypcja została aktywowana.' });

    const anonymous = new TestBrowser(env.api, clientIp());
    expect((await anonymous.call('GET', '/api/admin/subscription-settings')).status).toBe(401);
    expect(
      (await anonymous.call('POST', '/api/admin/subscription-settings', { doubleOptIn: true })).status,
    ).toBe(401);
    const publisher = await buildUser({ role: 'publisher', password: PASSWORD });
    const signedIn = new TestBrowser(env.api, clientIp());
    await signedIn.signIn(publisher.username, PASSWORD);
    expect(
      (await signedIn.call('POST', '/api/admin/subscription-settings', { doubleOptIn: true })).status,
    ).toBe(403);
    expect(await (await admin.call('GET', '/api/admin/subscription-settings')).json()).toEqual({
      doubleOptIn: false,
    });
  });
});

describe('with double opt-in on', () => {
  beforeAll(async () => setDoubleOptIn(true));
  afterAll(async () => setDoubleOptIn(false));

  it('subscribing e-mails a link and takes no slot; the link activates, takes one slot, and works again without a second', async () => {
    const category = await buildCategory();
    const email = address();
    const res = await subscribeAs(email, category.id);
    expect(res.status).toBe(202);
    const body = (await res.json()) as SubscribePendingResult;
    expect(body).toMatchObject({ message: PENDING, pending: true, subscriptionStats: { todayCount: 0 } });
    const waiting = await UserSubscription.findOne({ where: { email, categoryId: category.id } });
    expect(waiting?.active).toBe(false);

    const token = await linkTokenOf(email);
    const mail = env.sink.to(email)[0]!.parsed;
    expect(mail.subject).toBe(`Potwierdź subskrypcję: ${category.name}`);
    expect(mail.text).toContain('Link jest ważny przez 48 godzin.');
    expect(mail.headers.get('list-unsubscribe')).toBeUndefined();
    expect(await stats()).toMatchObject({ todayCount: 0 });

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()) as ConfirmSubscriptionResult).toMatchObject({
      message: `Subskrypcja kategorii „${category.name}” została potwierdzona.`,
      categoryName: category.name,
      subscriptionStats: { todayCount: 1 },
    });
    expect((await waiting!.reload()).active).toBe(true);
    // Then the usual welcome with its unsubscribe link.
    const welcome = (await env.sink.waitFor(email, 2))[1]!.parsed;
    expect(welcome.subject).toBe(`Potwierdzenie subskrypcji: ${category.name}`);

    const again = await confirm(token);
    expect(again.status).toBe(200);
    expect(await stats()).toMatchObject({ todayCount: 1 });
    // An active pair is refused as before.
    expect((await subscribeAs(email, category.id)).status).toBe(409);
  });

  it('asking again while the link is valid sends no second e-mail (the blog cannot be used to mail a stranger)', async () => {
    const category = await buildCategory();
    const email = address();
    for (const spelling of [email, email.toUpperCase(), email])
      expect((await subscribeAs(spelling, category.id)).status).toBe(202);
    await linkTokenOf(email);
    const row = await UserSubscription.findOne({ where: { email, categoryId: category.id } });
    const requests = await OutboxEvent.count({
      where: { type: 'subscription.confirmation-requested', payload: { subscriptionId: row!.id } },
    });
    expect(requests).toBe(1);
    await env.worker.settled();
    expect(env.sink.to(email)).toHaveLength(1);
    expect(await UserSubscription.count({ where: { categoryId: category.id } })).toBe(1);
  });

  it('only confirmed subscriptions count against the cap: many wait, the confirmation beyond the limit is refused', async () => {
    expect((await admin.call('POST', '/api/admin/update-subscription-limit', { limit: '1' })).status).toBe(
      200,
    );
    const category = await buildCategory();
    const [first, second] = [address(), address()];
    expect((await subscribeAs(first, category.id)).status).toBe(202);
    expect((await subscribeAs(second, category.id)).status).toBe(202);
    const [firstToken, secondToken] = [await linkTokenOf(first), await linkTokenOf(second)];

    expect((await confirm(firstToken)).status).toBe(200);
    const refused = await confirm(secondToken);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      message:
        'Dzienny limit subskrypcji został osiągnięty. Spróbuj ponownie jutro lub skontaktuj się z administratorem.',
    });
    expect(await stats()).toEqual({ todayCount: 1, limit: 1, canSubscribe: false });
    const still = await UserSubscription.findOne({ where: { email: second } });
    expect(still?.active).toBe(false);
    // The link still works once the cap allows it again.
    expect((await admin.call('POST', '/api/admin/reset-subscription-count')).status).toBe(200);
    expect((await confirm(secondToken)).status).toBe(200);
    expect((await still!.reload()).active).toBe(true);
  });

  it('an expired, unknown or malformed link activates nothing and says so', async () => {
    const category = await buildCategory();
    const email = address();
    expect((await subscribeAs(email, category.id)).status).toBe(202);
    const token = await linkTokenOf(email);
    await UserSubscription.update(
      { confirmationExpiresAt: new Date(Date.now() - 1000) },
      { where: { email } },
    );

    for (const bad of [token, 'x'.repeat(43), '']) {
      const res = await confirm(bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: BAD_LINK });
    }
    expect((await UserSubscription.findOne({ where: { email } }))?.active).toBe(false);
    expect(await stats()).toMatchObject({ todayCount: 0 });

    // Subscribing again after the expiry sends a new link, which works.
    expect((await subscribeAs(email, category.id)).status).toBe(202);
    const fresh = await linkTokenOf(email, 2);
    expect(fresh).not.toBe(token);
    expect((await confirm(fresh)).status).toBe(200);
  });
});
