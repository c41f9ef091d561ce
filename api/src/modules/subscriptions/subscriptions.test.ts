import type {
  AdminSubscriptionPage,
  SubscribeResult,
  SubscriptionStats,
  SubscriptionStatsResult,
} from '@blog/shared';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { buildCategory, buildSubscription, buildUser } from '../../../test/factories.ts';
import { testApiOnOwnDatabase } from '../../../test/file-api.ts';
import { signedInAs } from '../../../test/signed-in.ts';
import { clientIp, clientIpv6Network, readError } from '../../../test/http.ts';
import { SETTING_KEYS } from '../settings/setting-keys.ts';
import { SiteSetting } from '../settings/site-setting.model.ts';
import { SubscriptionLog } from './subscription-log.model.ts';
import { DEFAULT_DAILY_SUBSCRIPTION_LIMIT, markDailyLimitChanged } from './subscription-limit.ts';
import { subscribe } from './subscriptions.service.ts';
import { unsubscribeToken } from './unsubscribe-link.ts';
import { UserSubscription } from './user-subscription.model.ts';
import { warsawDay } from './warsaw-day.ts';

// The daily limit is a global setting, so this file gets a database of its own.
const api = testApiOnOwnDatabase('blog_scratch_subs', { TRUST_PROXY: '1' });
let admin: TestBrowser;
const PASSWORD = 'Dobre-Hasło1';

beforeAll(async () => {
  admin = await signedInAs(api, 'admin');
});
beforeEach(async () => {
  await SiteSetting.destroy({ where: { key: SETTING_KEYS.subscriptionDailyLimit } });
  // Written behind the API's back, so tell its processes as a save would.
  await markDailyLimitChanged(api.runtime);
  expect((await admin.call('POST', '/api/admin/reset-subscription-count')).status).toBe(200);
});

let n = 0;
const address = () => `czytelnik-${++n}-${Date.now()}@example.com`;
const subscribeAs = (body: object, ip = clientIp()) =>
  new TestBrowser(api, ip).call('POST', '/api/subscribe', body);
const stats = async () => (await (await api.fetch('/api/subscription-stats')).json()) as SubscriptionStats;

describe('POST /api/subscribe', () => {
  it('subscribes, counts the slot in Redis and in subscription_logs, and returns the stats', async () => {
    const category = await buildCategory();
    const email = address();
    const res = await subscribeAs({ email, categoryId: category.id, consent: true });
    expect(res.status).toBe(201);
    const body = (await res.json()) as SubscribeResult;
    expect(body.subscription).toMatchObject({ email, categoryId: category.id, active: true });
    expect(body.subscription.category).toEqual({ id: category.id, name: category.name });
    expect(body.subscriptionStats).toEqual({
      todayCount: 1,
      limit: DEFAULT_DAILY_SUBSCRIPTION_LIMIT,
      canSubscribe: true,
    });
    expect(await stats()).toEqual(body.subscriptionStats);
    const log = await SubscriptionLog.findOne({ where: { date: warsawDay(new Date()) } });
    expect(log?.count).toBe(1);
  });

  it('answers the rules’ messages for bad input and refuses hidden or unknown categories', async () => {
    const hidden = await buildCategory({ enabled: false });
    const visible = await buildCategory();
    const cases: [object, string, string][] = [
      [{ email: 'zły', categoryId: visible.id, consent: true }, 'email', 'Wprowadź poprawny adres email'],
      [{ email: address(), categoryId: 0, consent: true }, 'categoryId', 'Wybierz kategorię'],
      [
        { email: address(), categoryId: visible.id, consent: false },
        'consent',
        'Musisz wyrazić zgodę na otrzymywanie wiadomości email',
      ],
      [{ email: address(), categoryId: hidden.id, consent: true }, 'categoryId', 'Wybierz kategorię'],
      [{ email: address(), categoryId: 2_000_000_000, consent: true }, 'categoryId', 'Wybierz kategorię'],
    ];
    for (const [body, field, message] of cases) {
      const res = await subscribeAs(body);
      expect(res.status).toBe(400);
      expect(await readError(res)).toMatchObject({ field, message });
    }
    expect((await stats()).todayCount).toBe(0);
  });

  it('answers 409 for an active pair (any letter case) without using a slot, and re-activates an inactive one', async () => {
    const category = await buildCategory();
    const email = address();
    expect((await subscribeAs({ email, categoryId: category.id, consent: true })).status).toBe(201);
    const repeat = await subscribeAs({ email: email.toUpperCase(), categoryId: category.id, consent: true });
    expect(repeat.status).toBe(409);
    expect((await readError(repeat)).message).toBe('Ten adres e-mail jest już zapisany do tej kategorii.');
    expect((await stats()).todayCount).toBe(1);

    await UserSubscription.update({ active: false }, { where: { email, categoryId: category.id } });
    const again = await subscribeAs({ email, categoryId: category.id, consent: true });
    expect(again.status).toBe(201);
    expect(await UserSubscription.count({ where: { email, categoryId: category.id, active: true } })).toBe(1);
    expect((await stats()).todayCount).toBe(2);
  });

  it('refuses at the cap with the daily-limit message and Retry-After; reset and a new limit apply at once', async () => {
    const category = await buildCategory();
    const limit = await admin.call('POST', '/api/admin/update-subscription-limit', { limit: '2' });
    expect(limit.status).toBe(200);
    expect(((await limit.json()) as SubscriptionStatsResult).subscriptionStats).toEqual({
      todayCount: 0,
      limit: 2,
      canSubscribe: true,
    });
    for (let i = 0; i < 2; i++) {
      expect((await subscribeAs({ email: address(), categoryId: category.id, consent: true })).status).toBe(
        201,
      );
    }
    expect(await stats()).toEqual({ todayCount: 2, limit: 2, canSubscribe: false });
    const refused = await subscribeAs({ email: address(), categoryId: category.id, consent: true });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(25 * 3600);
    expect((await readError(refused)).message).toBe(
      'Dzienny limit subskrypcji został osiągnięty. Spróbuj ponownie jutro lub skontaktuj się z administratorem.',
    );

    const reset = await admin.call('POST', '/api/admin/reset-subscription-count');
    expect(((await reset.json()) as SubscriptionStatsResult).subscriptionStats.todayCount).toBe(0);
    expect((await subscribeAs({ email: address(), categoryId: category.id, consent: true })).status).toBe(
      201,
    );

    await admin.call('POST', '/api/admin/update-subscription-limit', { limit: 1 });
    expect(await stats()).toEqual({ todayCount: 1, limit: 1, canSubscribe: false });
    expect((await subscribeAs({ email: address(), categoryId: category.id, consent: true })).status).toBe(
      429,
    );
  });

  it('refuses a limit below 1 or not a number with the rule’s message', async () => {
    for (const limit of [0, '0', -3, 'abc', '', 1.5]) {
      const res = await admin.call('POST', '/api/admin/update-subscription-limit', { limit });
      expect(res.status).toBe(400);
      expect(await readError(res)).toMatchObject({
        field: 'limit',
        message: 'Limit musi być liczbą większą od 0',
      });
    }
  });

  it('limits one client address, so it cannot use up the day', async () => {
    const category = await buildCategory();
    const ip = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await subscribeAs({ email: address(), categoryId: category.id, consent: true }, ip)).status,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await stats()).todayCount).toBe(10);
  });

  it('limits one client’s IPv6 /64, so walking its addresses cannot use up the day', async () => {
    const category = await buildCategory();
    const network = clientIpv6Network();
    const subscribeFrom = (ip: string) =>
      subscribeAs({ email: address(), categoryId: category.id, consent: true }, ip);
    for (let host = 1; host <= 10; host++) expect((await subscribeFrom(network.host(host))).status).toBe(201);
    expect((await subscribeFrom(network.host(11))).status).toBe(429);
    expect((await subscribeFrom(clientIpv6Network().host(1))).status).toBe(201);
    expect((await stats()).todayCount).toBe(11);
  });

  it('answers "already subscribed" at most 3 times an hour per address, then 429 for anything', async () => {
    const category = await buildCategory();
    const known = address();
    expect((await subscribeAs({ email: known, categoryId: category.id, consent: true })).status).toBe(201);
    const ip = clientIp();
    const repeat = () => subscribeAs({ email: known, categoryId: category.id, consent: true }, ip);
    // A new address in between is not a repeat and does not count.
    expect((await subscribeAs({ email: address(), categoryId: category.id, consent: true }, ip)).status).toBe(
      201,
    );
    for (let i = 0; i < 3; i++) expect((await repeat()).status).toBe(409);
    // From now on every answer is 429, for a known address or a new one: the answer tells nothing.
    const fresh = address();
    for (const res of [
      await repeat(),
      await subscribeAs({ email: fresh, categoryId: category.id, consent: true }, ip),
    ]) {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await readError(res)).toEqual({
        error: 'rate_limited',
        message: 'Zbyt wiele prób zapisu adresów, które już są zapisane. Spróbuj ponownie później.',
      });
    }
    expect(await UserSubscription.count({ where: { email: fresh } })).toBe(0);
    // Another address is not affected.
    expect((await subscribeAs({ email: known, categoryId: category.id, consent: true })).status).toBe(409);
  });

  it('answers at most 3 "already subscribed" to a burst sent at once', async () => {
    const category = await buildCategory();
    const known = address();
    expect((await subscribeAs({ email: known, categoryId: category.id, consent: true })).status).toBe(201);
    const ip = clientIp();
    const burst = await Promise.all(
      Array.from({ length: 8 }, () =>
        subscribeAs({ email: known, categoryId: category.id, consent: true }, ip),
      ),
    );
    expect(burst.filter((res) => res.status === 409)).toHaveLength(3);
    expect(burst.filter((res) => res.status === 429)).toHaveLength(5);
  });

  it('gives the slot back when the database write fails', async () => {
    const category = await buildCategory();
    const failing = {
      ...api.runtime,
      events: {
        record: () => Promise.reject(new Error('outbox down')),
      },
    };
    await expect(subscribe(failing, { email: address(), categoryId: category.id })).rejects.toThrow(
      'outbox down',
    );
    expect((await stats()).todayCount).toBe(0);
    expect(await UserSubscription.count({ where: { categoryId: category.id } })).toBe(0);
  });
});

describe('unsubscribe links', () => {
  const link = (email: string, category: number, token: string) =>
    `/api/unsubscribe?${new URLSearchParams({ email, category: String(category), token })}`;

  it('deactivates with a valid token (twice is fine); a forged or missing one changes nothing', async () => {
    const category = await buildCategory({ name: `Technologia ${Date.now()}` });
    const subscription = await buildSubscription({ category });
    const { email } = subscription;

    for (const bad of [
      link(email, category.id, 'x'.repeat(43)),
      link(email, category.id, unsubscribeToken(api.config, 'inny@example.com', category.id)),
      `/api/unsubscribe?email=${encodeURIComponent(email)}&category=${category.id}`,
      `/api/unsubscribe?category=${category.id}&token=abc`,
      `/api/unsubscribe?email=${encodeURIComponent(email)}&category=abc&token=abc`,
    ]) {
      const res = await api.fetch(bad);
      expect(res.status).toBe(400);
      expect(await readError(res)).toMatchObject({
        error: 'bad_request',
        message: 'Nieprawidłowe parametry w linku anulowania subskrypcji.',
      });
    }
    await subscription.reload();
    expect(subscription.active).toBe(true);

    const good = link(email.toUpperCase(), category.id, unsubscribeToken(api.config, email, category.id));
    for (let i = 0; i < 2; i++) {
      const res = await api.fetch(good);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        message: `Subskrypcja kategorii „${category.name}” została anulowana.`,
        categoryName: category.name,
      });
    }
    await subscription.reload();
    expect(subscription.active).toBe(false);
  });

  it('answers 404 when there is no such subscription', async () => {
    const category = await buildCategory();
    const email = address();
    const res = await api.fetch(link(email, category.id, unsubscribeToken(api.config, email, category.id)));
    expect(res.status).toBe(404);
  });

  it('takes the RFC 8058 one-click POST without a CSRF token, and only with the right body', async () => {
    const subscription = await buildSubscription();
    const url = link(
      subscription.email,
      subscription.categoryId,
      unsubscribeToken(api.config, subscription.email, subscription.categoryId),
    );
    const post = (body: string) =>
      api.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    expect((await post('List-Unsubscribe=Yes')).status).toBe(400);
    await subscription.reload();
    expect(subscription.active).toBe(true);
    // Unlike a JSON body, the mail client's form may carry fields it adds itself: they are ignored.
    const res = await post('List-Unsubscribe=One-Click&utm_source=poczta');
    expect(res.status).toBe(200);
    await subscription.reload();
    expect(subscription.active).toBe(false);
  });

  it('takes the one-click POST as multipart/form-data too (RFC 8058 allows it), fields only', async () => {
    const subscription = await buildSubscription();
    const url = link(
      subscription.email,
      subscription.categoryId,
      unsubscribeToken(api.config, subscription.email, subscription.categoryId),
    );
    const form = (fill: (form: FormData) => void) => {
      const body = new FormData();
      fill(body);
      return api.fetch(url, { method: 'POST', body });
    };
    const refused = [
      await form((body) => body.set('List-Unsubscribe', 'Yes')),
      await form((body) => body.set('List-Unsubscribe', new Blob(['One-Click']), 'plik.txt')),
      await form((body) => body.set('List-Unsubscribe', 'One-Click'.repeat(1000))),
      await api.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        body: '--xyz\r\nto nie jest formularz',
      }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(400);
      expect(await readError(res)).toEqual({
        error: 'bad_request',
        message: 'Nieprawidłowe parametry w linku anulowania subskrypcji.',
      });
    }
    await subscription.reload();
    expect(subscription.active).toBe(true);
    const res = await form((body) => body.set('List-Unsubscribe', 'One-Click'));
    expect(res.status).toBe(200);
    await subscription.reload();
    expect(subscription.active).toBe(false);
  });
});

describe('admin subscriptions', () => {
  it('lists newest first with the category, deletes one, and is closed to others', async () => {
    const category = await buildCategory();
    const older = await buildSubscription({ category });
    const newer = await buildSubscription({ category });
    const res = await admin.call('GET', `/api/admin/subscriptions?category=${category.id}`);
    const list = ((await res.json()) as AdminSubscriptionPage).items;
    const ids = list.map((item) => item.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((item) => item.id === newer.id)).toMatchObject({
      email: newer.email,
      category: { id: category.id, name: category.name },
      active: true,
      status: 'active',
    });

    expect((await admin.call('DELETE', `/api/subscribe/${older.id}`)).status).toBe(200);
    expect(await UserSubscription.findByPk(older.id)).toBeNull();
    expect((await admin.call('DELETE', `/api/subscribe/${older.id}`)).status).toBe(404);

    const publisher = await buildUser({ role: 'publisher', password: PASSWORD });
    const asPublisher = new TestBrowser(api, clientIp());
    await asPublisher.signIn(publisher.username, PASSWORD);
    expect((await asPublisher.call('GET', '/api/admin/subscriptions')).status).toBe(403);
    expect((await asPublisher.call('DELETE', `/api/subscribe/${newer.id}`)).status).toBe(403);
    expect((await asPublisher.call('POST', '/api/admin/reset-subscription-count')).status).toBe(403);
  });
});
