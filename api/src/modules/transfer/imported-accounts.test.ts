// An import never widens who can sign in: the authors of a WordPress, Ghost or this blog's own export
// become inactive accounts, which neither sign in nor get a reset e-mail (the SMTP catcher receives
// nothing) until an admin activates them or maps them to an existing account. Over HTTP, with a real
// worker doing the import and the e-mails.
import type { ImportJob, UserMapResult } from '@blog/shared';
import { type MailTestEnv, startMailTestEnv } from '@blog/worker/testing';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../test/drill.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { buildUser, uniqueSuffix } from '../../../test/factories.ts';
import { clientIp, readError } from '../../../test/http.ts';
import { signedInAs, TEST_PASSWORD } from '../../../test/signed-in.ts';
import { hashPassword } from '../auth/password.ts';
import { Post } from '../posts/post.model.ts';
import { User } from '../users/user.model.ts';

let env: MailTestEnv;
let admin: TestBrowser;

beforeAll(async () => {
  env = await startMailTestEnv({ apiOverrides: { TRUST_PROXY: '1' } });
  admin = await signedInAs(env.api, 'admin');
}, 60_000);
afterAll(async () => {
  await env?.close();
});

const wxr = (tag: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Stary blog</title>
  <link>https://wp-${tag}.example</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://wp-${tag}.example</wp:base_site_url>
  <wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[wpuser-${tag}]]></wp:author_login><wp:author_email><![CDATA[wpuser-${tag}@evil.example]]></wp:author_email><wp:author_display_name><![CDATA[WP ${tag}]]></wp:author_display_name></wp:author>
  <item>
    <title>Pierwszy ${tag}</title>
    <dc:creator><![CDATA[wpuser-${tag}]]></dc:creator>
    <content:encoded><![CDATA[<p>Treść pierwsza.</p>]]></content:encoded>
    <wp:post_id>10</wp:post_id>
    <wp:post_date_gmt>2024-05-01 10:00:00</wp:post_date_gmt>
    <wp:post_name>pierwszy-${tag}</wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>
  </item>
  <item>
    <title>Drugi ${tag}</title>
    <dc:creator><![CDATA[wpuser-${tag}]]></dc:creator>
    <content:encoded><![CDATA[<p>Treść druga.</p>]]></content:encoded>
    <wp:post_id>11</wp:post_id>
    <wp:post_date_gmt>2024-05-02 10:00:00</wp:post_date_gmt>
    <wp:post_name>drugi-${tag}</wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>
  </item>
</channel>
</rss>`;

const ghost = (tag: string) =>
  JSON.stringify({
    db: [
      {
        meta: { exported_on: 1717000000000, version: '5.82.0' },
        data: {
          posts: [
            {
              id: `p-${tag}`,
              uuid: `uuid-${tag}`,
              title: `Ghost ${tag}`,
              slug: `ghost-${tag}`,
              html: '<p>Treść.</p>',
              status: 'published',
              type: 'post',
              published_at: '2024-06-01T10:00:00.000Z',
              created_at: '2024-06-01T10:00:00.000Z',
              updated_at: '2024-06-01T10:00:00.000Z',
            },
          ],
          users: [
            {
              id: `ga-${tag}`,
              name: `Aktywna ${tag}`,
              slug: `ghost-a-${tag}`,
              email: `ghost-a-${tag}@evil.example`,
              status: 'active',
            },
            {
              id: `gl-${tag}`,
              name: `Zablokowany ${tag}`,
              slug: `ghost-l-${tag}`,
              email: `ghost-l-${tag}@evil.example`,
              status: 'locked',
            },
          ],
          posts_authors: [{ id: `pa-${tag}`, post_id: `p-${tag}`, author_id: `gl-${tag}`, sort_order: 0 }],
        },
      },
    ],
  });

const ownExport = (tag: string) =>
  JSON.stringify({
    format: 'blog-transfer',
    version: 1,
    source: { kind: 'blog', site: `https://blog-${tag}.example` },
    exportedAt: null,
    authors: [
      { sourceId: '7', username: `own-${tag}`, email: `own-${tag}@evil.example`, displayName: `Own ${tag}` },
    ],
    categories: [],
    tags: [],
    posts: [],
    comments: [],
  });

/** Uploads the file as the panel does and waits for the worker to finish it. */
async function importOverHttp(content: string, name: string): Promise<ImportJob> {
  const body = new FormData();
  body.set('file', new Blob([content]), name);
  const res = await admin.upload('POST', '/api/admin/imports', body);
  expect(res.status, await res.clone().text()).toBe(202);
  const { id } = (await res.json()) as ImportJob;
  return readJobWhen(id, (job) => job.status === 'done' || job.status === 'failed');
}

async function readJob(id: number): Promise<ImportJob> {
  const res = await admin.call('GET', `/api/admin/imports/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ImportJob;
}

async function readJobWhen(id: number, done: (job: ImportJob) => boolean): Promise<ImportJob> {
  let job: ImportJob | undefined;
  await until(`import ${id}`, async () => done((job = await readJob(id))));
  expect(job!.error).toBeNull();
  return job!;
}

const signIn = (username: string, password: string) =>
  new TestBrowser(env.api, clientIp()).call('POST', '/api/login', { username, password });
const askForReset = (email: string) =>
  new TestBrowser(env.api, clientIp()).call('POST', '/api/password-reset/request', { email });
const resetEvents = async (userId: number) =>
  (
    await env.api.runtime.sequelize.query<{ payload: { userId: number } }>(
      "SELECT payload FROM outbox_events WHERE type = 'password-reset.requested'",
      { type: QueryTypes.SELECT },
    )
  ).filter((row) => row.payload.userId === userId);

describe('authors of an import', () => {
  it('from WordPress, Ghost (a locked one too) and this blog: inactive, no sign-in and no reset e-mail until activated', async () => {
    const tag = uniqueSuffix();
    const jobs = [
      await importOverHttp(wxr(tag), 'eksport.xml'),
      await importOverHttp(ghost(tag), 'ghost.json'),
      await importOverHttp(ownExport(tag), 'blog-export.json'),
    ];
    const accounts = jobs.flatMap((job) => job.result!.accounts);
    expect(
      accounts.map(({ username, outcome, sourceState, state }) => [username, outcome, sourceState, state]),
    ).toEqual([
      [`wpuser-${tag}`, 'created', 'unknown', 'inactive'],
      [`ghost-a-${tag}`, 'created', 'active', 'inactive'],
      [`ghost-l-${tag}`, 'created', 'inactive', 'inactive'],
      [`own-${tag}`, 'created', 'unknown', 'inactive'],
    ]);
    expect(accounts[0]).toMatchObject({ email: `wpuser-${tag}@evil.example`, displayName: `WP ${tag}` });

    // Even with a password (as if one reached them some other way), no sign-in: the account is inactive.
    const passwordHash = await hashPassword(TEST_PASSWORD);
    await User.update({ passwordHash }, { where: { id: accounts.map((account) => account.userId) } });
    for (const account of accounts) {
      const res = await signIn(account.username, TEST_PASSWORD);
      expect(res.status, account.username).toBe(401);
      expect(await askForReset(account.email!).then((r) => r.status)).toBe(202);
    }
    // A control account's link arrives, so the worker has had its turn; the imported ones got nothing.
    const control = await buildUser();
    expect((await askForReset(control.email!)).status).toBe(202);
    await env.sink.waitFor(control.email!);
    for (const account of accounts) {
      expect(await resetEvents(account.userId)).toEqual([]);
      expect(env.sink.to(account.email!)).toEqual([]);
    }

    // An admin activates the locked Ghost author (knowing it was locked there): now a reset goes through.
    const locked = accounts[2]!;
    const activated = await admin.call('PATCH', `/api/admin/users/${locked.userId}`, { isActive: true });
    expect(activated.status).toBe(200);
    expect((await askForReset(locked.email!)).status).toBe(202);
    const [mail] = await env.sink.waitFor(locked.email!);
    expect(mail!.parsed.text).toMatch(/\/auth\/reset\?token=/);
    expect((await signIn(locked.username, TEST_PASSWORD)).status).toBe(200);
    // The result screen reads the account as it is now.
    const [, ghostJob] = jobs;
    expect((await readJob(ghostJob!.id)).result!.accounts[1]).toMatchObject({ state: 'active' });
  });

  it('matched by e-mail to an existing account: that account gets the posts, its role and state unchanged', async () => {
    const tag = uniqueSuffix();
    const existing = await buildUser({
      role: 'subscriber',
      isActive: false,
      email: `wpuser-${tag}@evil.example`,
    });
    const job = await importOverHttp(wxr(tag), 'eksport.xml');
    expect(job.result!.accounts).toEqual([
      expect.objectContaining({ userId: existing.id, outcome: 'matched', state: 'inactive' }),
    ]);
    expect(job.result!.created.authors).toBe(0);
    expect(await User.findByPk(existing.id)).toMatchObject({ role: 'subscriber', isActive: false });
  });

  it('mapped to an existing account: the posts move there, the imported account goes, a second import uses it', async () => {
    const tag = uniqueSuffix();
    const job = await importOverHttp(wxr(tag), 'eksport.xml');
    const [imported] = job.result!.accounts;
    const target = await buildUser({ role: 'publisher' });
    const map = (id: number, body: unknown) => admin.call('POST', `/api/admin/users/${id}/map`, body);

    // Refused: bad bodies, a subscriber, itself, an account no import created.
    expect(await readError(await map(imported!.userId, { targetId: 'x' }))).toMatchObject({
      message: 'Wybierz konto, do którego mają trafić wpisy.',
    });
    const subscriber = await buildUser();
    const toSubscriber = await map(imported!.userId, { targetId: subscriber.id });
    expect(toSubscriber.status).toBe(400);
    expect((await readError(toSubscriber)).message).toBe(
      'Wpisy można przypisać tylko kontu administratora lub wydawcy.',
    );
    expect((await map(imported!.userId, { targetId: imported!.userId })).status).toBe(400);
    const ordinary = await buildUser({ role: 'publisher', isActive: false });
    expect((await map(ordinary.id, { targetId: target.id })).status).toBe(409);
    expect((await map(2_000_000_000, { targetId: target.id })).status).toBe(404);

    const res = await map(imported!.userId, { targetId: target.id });
    expect(res.status).toBe(200);
    const body = (await res.json()) as UserMapResult;
    expect(body).toMatchObject({ movedPosts: 2, target: { id: target.id } });
    expect(await User.findByPk(imported!.userId)).toBeNull();
    const posts = await Post.findAll({ where: { slug: [`pierwszy-${tag}`, `drugi-${tag}`] } });
    expect(posts.map((post) => post.userId)).toEqual([target.id, target.id]);
    expect((await readJob(job.id)).result!.accounts[0]).toMatchObject({
      state: 'removed',
      mappedTo: { id: target.id, username: target.username },
    });

    // The same file again: its author is the account it was mapped to, nothing new.
    const again = await importOverHttp(wxr(tag), 'eksport.xml');
    expect(again.result!.created).toMatchObject({ authors: 0, posts: 0 });
    expect(await User.count({ where: { email: `wpuser-${tag}@evil.example` } })).toBe(0);
  });
});
