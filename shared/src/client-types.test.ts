import createClient from 'openapi-fetch';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AdminPost, ApiError, PostSummary, paths } from './index.ts';

/** A client whose fetch records the request and answers with a fixed JSON body. */
function recordingClient(status: number, body: unknown) {
  const requests: Request[] = [];
  const client = createClient<paths>({
    baseUrl: 'http://blog.test/api',
    fetch: async (request: Request) => {
      requests.push(request);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, requests };
}

describe('the generated types drive openapi-fetch', () => {
  it('builds the paged list URL and types the answer as PostSummary[]', async () => {
    const { client, requests } = recordingClient(200, []);
    const { data } = await client.GET('/posts', { params: { query: { page: 2, limit: 6, q: 'ai' } } });
    expect(requests[0]!.url).toBe('http://blog.test/api/posts?page=2&limit=6&q=ai');
    expectTypeOf(data).toEqualTypeOf<PostSummary[] | undefined>();
  });

  it('fills path parameters and types errors as ApiError', async () => {
    const { client, requests } = recordingClient(404, { error: 'not_found', message: 'Nie znaleziono.' });
    const { data, error } = await client.GET('/admin/posts/{id}', { params: { path: { id: 7 } } });
    expect(requests[0]!.url).toBe('http://blog.test/api/admin/posts/7');
    expect(error).toEqual({ error: 'not_found', message: 'Nie znaleziono.' });
    expectTypeOf(data).toEqualTypeOf<AdminPost | undefined>();
    expectTypeOf(error).toEqualTypeOf<ApiError | undefined>();
  });

  it('sends the CSRF header and the JSON body of a state-changing call', async () => {
    const { client, requests } = recordingClient(201, {});
    await client.POST('/subscribe', {
      params: { header: { 'X-CSRF-Token': 'token-1' } },
      body: { email: 'czytelnik@example.pl', categoryId: 3, consent: true },
    });
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.headers.get('X-CSRF-Token')).toBe('token-1');
    expect(await requests[0]!.json()).toEqual({
      email: 'czytelnik@example.pl',
      categoryId: 3,
      consent: true,
    });
  });
});
