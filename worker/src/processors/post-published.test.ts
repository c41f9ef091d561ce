import { EmailDelivery, SiteSetting, UserSubscription } from '@blog/api/models';
import { SETTING_KEYS } from '@blog/api/settings';
import { buildCategory, buildPost, TestBrowser } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailTestEnv, startMailTestEnv } from '../../test/mail-test-env.ts';
import type { CaughtEmail } from '../../test/smtp-sink.ts';

// Subscribe through the API, publish, and read what really reaches an SMTP server.
let env: MailTestEnv;
beforeAll(async () => {
  env = await startMailTestEnv();
}, 60_000);
afterAll(async () => {
  await env?.close();
});

const publish = (postId: number) =>
  env.api.runtime.sequelize.transaction((transaction) =>
    env.api.runtime.events.record({ type: 'post.published', payload: { postId } }, transaction),
  );

const subscribe = async (email: string, categoryId: number) => {
  const res = await new TestBrowser(env.api).call('POST', '/api/subscribe', {
    email,
    categoryId,
    consent: true,
  });
  expect(res.status).toBe(201);
};

const isPostMail = (mail: CaughtEmail) => mail.parsed.subject?.startsWith('Nowy artykuł: ') ?? false;
/** The raw header value, unfolded (mailparser turns List-* headers into objects). */
const header = (mail: CaughtEmail, name: string) => {
  const line = mail.parsed.headerLines.find((candidate) => candidate.key === name)?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, '')
    .trim();
};

describe('post.published → one e-mail per subscriber', () => {
  it('sends one message per address (even with two of its categories), with working unsubscribe links', async () => {
    const [tech, business, hidden] = [
      await buildCategory({ name: `Technologia ${Date.now()}` }),
      await buildCategory({ name: `Biznes ${Date.now()}` }),
      await buildCategory({ name: `Ukryta ${Date.now()}` }),
    ];
    const both = `oba-${Date.now()}@example.com`;
    const one = `jeden-${Date.now()}@example.com`;
    await subscribe(both, tech.id);
    await subscribe(both, business.id);
    await subscribe(one, business.id);
    // Confirmations: one per subscription, each with its own unsubscribe link.
    await env.sink.waitFor(both, 2);
    const confirmation = (await env.sink.waitFor(one, 1))[0]!;
    expect(confirmation.parsed.subject).toBe(`Potwierdzenie subskrypcji: ${business.name}`);
    expect(confirmation.parsed.text).toContain('/unsubscribe?');
    await hidden.update({ enabled: false });
    // Someone following only the hidden category hears nothing.
    const onlyHidden = `ukryta-${Date.now()}@example.com`;
    await UserSubscription.create({ email: onlyHidden, categoryId: hidden.id });

    const post = await buildPost({
      title: 'Nowy <b>artykuł</b> o uwadze',
      excerpt: 'Zajawka & więcej',
      categories: [tech, business, hidden],
    });
    const eventId = await publish(post.id);
    expect(await env.worker.resultOf(eventId)).toEqual({
      status: 'enqueued',
      postId: post.id,
      recipients: 2,
      batches: 1,
    });

    await env.worker.settled();
    const mailTo = (address: string) => env.sink.to(address).filter(isPostMail);
    expect(mailTo(both)).toHaveLength(1);
    expect(mailTo(one)).toHaveLength(1);
    expect(env.sink.to(onlyHidden)).toHaveLength(0);

    const mail = mailTo(one)[0]!;
    expect(mail.parsed.subject).toBe('Nowy artykuł: Nowy <b>artykuł</b> o uwadze');
    expect(mail.parsed.text).toContain('Zajawka & więcej');
    expect(mail.parsed.text).toContain(`http://localhost:3000/post/${post.slug}`);
    expect(mail.parsed.html).toContain('Nowy &lt;b&gt;artykuł&lt;/b&gt; o uwadze');
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail, 'list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/unsubscribe\?email=.+&category=\d+&token=.+>$/,
    );
    expect(await EmailDelivery.count({ where: { eventId, kind: 'post-notification', status: 'sent' } })).toBe(
      2,
    );

    // The page link of the e-mail, called as the /unsubscribe page calls the API.
    const pageUrl = new URL(/http:\/\/localhost:3000\/unsubscribe\?\S+/.exec(mail.parsed.text ?? '')![0]);
    const forged = new URLSearchParams(pageUrl.search);
    forged.set('email', both);
    expect((await env.api.fetch(`/api/unsubscribe?${forged}`)).status).toBe(400);
    expect(await UserSubscription.count({ where: { email: both, active: true } })).toBe(2);

    const res = await env.api.fetch(`/api/unsubscribe${pageUrl.search}`);
    expect(res.status).toBe(200);
    expect(await UserSubscription.findOne({ where: { email: one } })).toMatchObject({ active: false });

    // The one-click header of the other message works without a session or CSRF token.
    const oneClick = header(mailTo(both)[0]!, 'list-unsubscribe')
      .slice(1, -1)
      .replace('http://localhost:3000', '');
    const post2 = await env.api.fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post2.status).toBe(200);
    expect(await UserSubscription.count({ where: { email: both, active: true } })).toBe(1);

    // Published again (a re-run of the same event): nothing goes out twice.
    await (
      await env.api.runtime.eventsQueue()
    ).add('post.published', { eventId, payload: { postId: post.id } });
    await env.worker.settled();
    expect(mailTo(both)).toHaveLength(1);
  }, 60_000);

  it('sends nothing while notifications are switched off, and skips posts that are gone', async () => {
    const category = await buildCategory();
    const email = `wylaczone-${Date.now()}@example.com`;
    await UserSubscription.create({ email, categoryId: category.id });
    await SiteSetting.create({ key: SETTING_KEYS.notificationsEnabled, value: 'false' });
    try {
      const post = await buildPost({ categories: [category] });
      expect(await env.worker.resultOf(await publish(post.id))).toEqual({
        status: 'skipped',
        reason: 'notifications-off',
      });
    } finally {
      await SiteSetting.destroy({ where: { key: SETTING_KEYS.notificationsEnabled } });
    }
    expect(await env.worker.resultOf(await publish(2_000_000_000))).toEqual({
      status: 'skipped',
      reason: 'post-gone',
    });
    expect(env.sink.to(email)).toHaveLength(0);
  });
});
