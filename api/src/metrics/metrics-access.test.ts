import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await api?.close();
});

const scrape = (headers: Record<string, string> = {}) => api.fetch('/metrics', { headers });

describe('who may read GET /metrics', () => {
  it('answers a direct loopback scraper', async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('blog_http_requests_total');
  });

  // A reverse proxy on the same host connects from loopback too; whichever header it uses to pass
  // the client on, the request is the public's, not a local scraper's.
  it.each([
    ['x-real-ip', '203.0.113.9'],
    ['x-forwarded-for', '203.0.113.9'],
    ['forwarded', 'for=203.0.113.9'],
    ['x-forwarded-host', 'blog.example'],
    ['x-forwarded-proto', 'https'],
    ['via', '1.1 nginx'],
    ['x-client-ip', '203.0.113.9'],
    ['true-client-ip', '203.0.113.9'],
    ['cf-connecting-ip', '203.0.113.9'],
    ['X-Real-IP', '127.0.0.1'],
  ])('refuses a loopback request that carries %s, unless it has the token', async (name, value) => {
    const res = await scrape({ [name]: value });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('blog_http_requests_total');
    expect((await scrape({ [name]: value, authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});
