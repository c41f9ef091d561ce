import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../harness.ts';
import { rawRequest } from '../http.ts';

/** What contract fuzzing found, each pinned by the smallest request that showed it. */
describe('contract fuzzing findings', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('does not read a body sent to an operation that takes none (it answered an undocumented 400/413/415)', async () => {
    const csrf = await api.csrfHeaders();
    const broken = await api.fetch('/api/logout', {
      method: 'POST',
      headers: { ...csrf, 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(broken.status).toBe(200);
    const encoded = await api.fetch('/api/logout', {
      method: 'POST',
      headers: { ...csrf, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: 'not gzip',
    });
    expect(encoded.status).toBe(200);
  });

  it('does not read a body sent with a GET, inside /api or not (the feeds answered 413)', async () => {
    const body = JSON.stringify({ x: 'a'.repeat(1_100_000) });
    for (const path of ['/rss.xml', '/api/tags']) {
      const answer = await rawRequest(
        api.port,
        'GET',
        path,
        {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
      );
      expect(answer.status, path).toBe(200);
    }
  });

  it('answers a request line over Node’s header limit with a JSON error, not a bare 431', async () => {
    const answer = await rawRequest(api.port, 'GET', `/api/posts/${'x'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'bad_request',
      message: 'Adres lub nagłówki żądania są zbyt długie.',
    });
  });
});
