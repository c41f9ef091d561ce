// An imported post never e-mails anyone (docs/importing.md), with a real worker and a real SMTP
// server: a scheduled post of this blog's export goes live at its moment, an imported draft is
// published by hand, and the category's subscriber gets no „Nowy artykuł” for either, while a post
// written in the panel right after reaches them at once (so the mail path is really open).
import type { AdminPost, ImportJob } from '@blog/shared';
import { buildCategory, type TestBrowser, uniqueSuffix, until } from '@blog/api/testing';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailTestEnv, startMailTestEnv, subscribedReader } from '../../test/mail-test-env.ts';
import type { CaughtEmail } from '../../test/smtp-sink.ts';
import { signedInAdmin, startTestWorker } from '../../test/testing.ts';

let env: MailTestEnv;
let admin: TestBrowser;

beforeAll(async () => {
  env = await startMailTestEnv();
  admin = await signedInAdmin(env.api);
}, 60_000);
afterAll(async () => {
  await env?.close();
});

/** This blog's export with a post planned an hour ahead and a draft, in the category `category`. */
const blogExport = (category: string, scheduled: string, draft: string) => {
  const post = (sourceId: string, slug: string, scheduledAt: string | null) => ({
    sourceId,
    title: `Importowany ${slug}`,
    slug,
    html: '<p>Treść z innego bloga.</p>',
    excerpt: null,
    published: false,
    publishedAt: null,
    scheduledAt,
    createdAt: '2024-04-01T10:00:00.000Z',
    updatedAt: '2024-04-01T10:00:00.000Z',
    authorSourceId: null,
    categorySourceIds: ['c1'],
    tagSourceIds: [],
    coverImage: null,
  });
  return JSON.stringify({
    format: 'blog-transfer',
    version: 1,
    source: { kind: 'blog', site: `https://inny-blog.example.pl/${uniqueSuffix()}` },
    exportedAt: null,
    authors: [],
    categories: [{ sourceId: 'c1', name: category }],
    tags: [],
    posts: [
      post('zaplanowany', scheduled, new Date(Date.now() + 3_600_000).toISOString()),
      post('szkic', draft, null),
    ],
    comments: [],
  });
};

/** Uploads the file in the panel and waits for the worker to finish its job. */
async function imported(content: string): Promise<ImportJob> {
  const body = new FormData();
  body.set('file', new Blob([content]), 'blog-export.json');
  const res = await admin.upload('POST', '/api/admin/imports', body);
  expect(res.status, await res.clone().text()).toBe(202);
  const { id } = (await res.json()) as ImportJob;
  let job: ImportJob | undefined;
  await until(
    `import ${id} to finish`,
    async () => {
      job = (await (await admin.call('GET', `/api/admin/imports/${id}`)).json()) as ImportJob;
      return job.status === 'done' || job.status === 'failed';
    },
    20_000,
  );
  return job!;
}

const publicStatus = async (slug: string) => (await env.api.fetch(`/api/posts/${slug}`)).status;
const postMails = (address: string): CaughtEmail[] =>
  env.sink.to(address).filter((mail) => mail.parsed.subject?.startsWith('Nowy artykuł: '));

describe('an imported post e-mails nobody', () => {
  it('neither when its planned moment comes, nor when an admin publishes an imported draft', async () => {
    const category = await buildCategory({ name: `Z importu ${uniqueSuffix()}` });
    const reader = await subscribedReader(env.api, category.id);
    await env.sink.waitFor(reader, 1); // the confirmation

    const scheduled = `zaplanowany-${uniqueSuffix()}`;
    const draft = `szkic-${uniqueSuffix()}`;
    const job = await imported(blogExport(category.name, scheduled, draft));
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.result!.withheld!.map((post) => post.reason)).toEqual([
      expect.stringMatching(/^Wpis zaplanowany w eksporcie bloga na .* — zaimportowany jako zaplanowany$/),
      'Szkic w eksporcie bloga — zaimportowany jako szkic',
    ]);
    const idOf = async (slug: string) =>
      (
        await env.api.runtime.sequelize.query<{ id: number }>('SELECT id FROM posts WHERE slug = :slug', {
          type: QueryTypes.SELECT,
          replacements: { slug },
        })
      )[0]!.id;

    // Its moment comes while no worker runs (and its delayed job is lost): a worker starting sweeps it up.
    await env.api.runtime.sequelize.query(
      "UPDATE posts SET scheduled_at = now() - interval '1 second' WHERE slug = :slug",
      { replacements: { slug: scheduled } },
    );
    expect(await publicStatus(scheduled)).toBe(404);
    const late = await startTestWorker(env.api);
    try {
      expect(await publicStatus(scheduled)).toBe(200);
    } finally {
      await late.close();
    }
    const draftId = await idOf(draft);
    expect((await admin.call('PATCH', `/api/admin/posts/${draftId}/toggle-visibility`)).status).toBe(200);
    expect(await publicStatus(draft)).toBe(200);

    // A post written here, published after both: its e-mail arrives, theirs never went out.
    const form = new FormData();
    const title = `Napisany tutaj ${uniqueSuffix()}`;
    form.set(
      'postData',
      JSON.stringify({
        title,
        slug: `napisany-${uniqueSuffix()}`,
        content: '<p>Nowy.</p>',
        categories: [category.id],
      }),
    );
    const written = await admin.upload('POST', '/api/admin/posts', form);
    expect(written.status).toBe(201);
    expect(((await written.json()) as AdminPost).published).toBe(true);
    await env.sink.waitFor(reader, 2, 15_000);
    expect(postMails(reader).map((mail) => mail.parsed.subject)).toEqual([`Nowy artykuł: ${title}`]);
    const announced = await env.api.runtime.sequelize.query<{ post_id: number }>(
      "SELECT (payload->>'postId')::int AS post_id FROM outbox_events WHERE type = 'post.published'",
      { type: QueryTypes.SELECT },
    );
    expect(announced.map((event) => event.post_id)).not.toContain(await idOf(scheduled));
    expect(announced.map((event) => event.post_id)).not.toContain(draftId);
  }, 60_000);
});
