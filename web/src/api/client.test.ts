import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorFromResponse, errorMessage } from './api-error.ts';
import { api } from './client.ts';

const json = (body: unknown, status: number, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiErrorFromResponse', () => {
  it('uses the status text when the body is empty', async () => {
    const error = await apiErrorFromResponse(new Response(null, { status: 404, statusText: 'Not Found' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('404: Not Found');
    expect(error.status).toBe(404);
    expect(error.body).toBeNull();
  });

  it('puts the response text after the status and keeps the parsed JSON body', async () => {
    const body = {
      error: 'validation_failed',
      message: 'Imię musi mieć co najmniej 2 znaki',
      field: 'author',
    };
    const error = await apiErrorFromResponse(json(body, 400, 'Bad Request'));
    expect(error.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(error.message.startsWith('400: {"error":')).toBe(true);
    expect(error.body).toEqual(body);
    expect(error.code).toBe('validation_failed');
    expect(error.userMessage).toBe('Imię musi mieć co najmniej 2 znaki');
  });

  it('keeps a non-JSON body as text only', async () => {
    const error = await apiErrorFromResponse(new Response('Bad Gateway from proxy', { status: 502 }));
    expect(error.message).toBe('502: Bad Gateway from proxy');
    expect(error.body).toBeNull();
    expect(errorMessage(error)).toBe('502: Bad Gateway from proxy');
  });
});

describe('api client', () => {
  it('returns the data of a successful call and reads paging headers from the response', async () => {
    const fetchMock = vi.fn(async (_request: Request) => json([], 200, 'OK'));
    vi.stubGlobal('fetch', fetchMock);
    const { data, response } = await api.GET('/posts', { params: { query: { page: 2, limit: 6 } } });
    expect(data).toEqual([]);
    expect(response.status).toBe(200);
    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/posts');
    expect(new URL(request.url).search).toBe('?page=2&limit=6');
    expect(request.credentials).toBe('include');
  });

  it('throws an ApiError for a non-OK answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ error: 'not_found', message: 'Artykuł nie został znaleziony' }, 404, 'Not Found'),
      ),
    );
    const failure = await api
      .GET('/posts/{slugOrId}', { params: { path: { slugOrId: 'nope' } } })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(404);
    expect(failure.message).toBe('404: {"error":"not_found","message":"Artykuł nie został znaleziony"}');
    expect(failure.userMessage).toBe('Artykuł nie został znaleziony');
  });

  it('turns an unreachable server into an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    const failure = await api.GET('/site-settings').catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(0);
    expect(failure.userMessage).toMatch(/Nie udało się połączyć z serwerem/);
  });

  it('sends the session CSRF token on state-changing calls and renews it once when it went stale', async () => {
    const tokens = ['token-1', 'token-2'];
    const seen: Array<string | null> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string) => {
        const request = typeof input === 'string' ? new Request(input) : input;
        if (new URL(request.url).pathname === '/api/csrf-token')
          return json({ csrfToken: tokens.shift() }, 200);
        const token = request.headers.get('X-CSRF-Token');
        seen.push(token);
        expect(await request.json()).toMatchObject({ author: 'Ola' });
        return token === 'token-2'
          ? json({ id: 1, postId: 7, author: 'Ola', content: 'Hej!', createdAt: '2025-03-05T10:00:00Z' }, 201)
          : json({ error: 'csrf_failed', message: 'Sesja wygasła.' }, 403);
      }),
    );
    const { data } = await api.POST('/posts/{postId}/comments', {
      params: { path: { postId: 7 } },
      body: { author: 'Ola', email: 'ola@example.com', content: 'Hej!', postId: 7 },
    });
    expect(seen).toEqual(['token-1', 'token-2']);
    expect(data?.author).toBe('Ola');
  });
});
