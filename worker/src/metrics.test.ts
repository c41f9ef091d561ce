import { buildCategory, buildPost, startTestApi, type TestApi, until } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWorker } from '../test/testing.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1', METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await api?.close();
});

const scrape = async () => {
  const res = await api.fetch('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
};
const sample = (text: string, name: string, labels: string) => {
  const line = text.split('\n').find((row) => row.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};
const waiting = async () => sample(await scrape(), 'blog_queue_jobs', 'queue="events",state="waiting"') ?? 0;

describe('GET /metrics', () => {
  it('shows the events backlog rising while no worker runs and falling when one does', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    const before = await waiting();
    for (let i = 0; i < 3; i++) {
      const res = await api.send(
        'POST',
        `/api/posts/${post.id}/comments`,
        {
          author: 'Ola',
          email: 'ola@example.com',
          content: `Komentarz numer ${i}`,
        },
        { ip: `10.9.8.${i + 1}` },
      );
      expect(res.status).toBe(201);
    }
    await until('the backlog to rise', async () => (await waiting()) >= before + 3, 15_000, 100);

    const text = await scrape();
    expect(
      sample(
        text,
        'blog_http_requests_total',
        'method="POST",route="/api/posts/:postId/comments",status="201"',
      ),
    ).toBe(3);
    expect(text).toContain('blog_http_request_duration_seconds_bucket');
    expect(text).not.toContain(`/api/posts/${post.id}/comments`);

    const worker = await startTestWorker(api);
    try {
      await until('the backlog to fall', async () => (await waiting()) === 0, 15_000, 100);
      const after = await scrape();
      expect(
        sample(after, 'blog_jobs_total', 'queue="events",name="comment.added",outcome="completed"'),
      ).toBeGreaterThanOrEqual(3);
    } finally {
      await worker.close();
    }
  }, 40_000);

  it('answers only loopback callers that come directly, or the METRICS_TOKEN bearer', async () => {
    const proxied = await api.fetch('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
    const wrong = await api.fetch('/metrics', {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer nope-nope-nope-nope' },
    });
    expect(wrong.status).toBe(403);
    const withToken = await api.fetch('/metrics', {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain('blog_queue_jobs');
  });
});
