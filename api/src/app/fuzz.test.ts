import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.ts';
import { buildCategory, buildPost, buildUser } from '../../test/factories.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { clientIp } from '../../test/http.ts';

/**
 * One valid request per public operation, then exactly one thing broken per case: the
 * answer is never a 5xx and every error is JSON with a message. Raw JSON text is used so values JSON
 * cannot express (1e309, lone surrogates) reach the server as an attacker would send them.
 */
const NASTY_JSON_VALUES = [
  '""',
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  `"${'x'.repeat(10_000)}"`,
  '1e309',
  '-1e309',
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  'true',
  'null',
  '[]',
  '{}',
  '"<script>alert(1)</script>"',
  `"' OR '1'='1' --"`,
  '"Robert\'); DROP TABLE posts;--"',
  '{"__proto__":{"isAdmin":true}}',
];
const EXTRA_FIELDS = ['__proto__', 'constructor', 'role', 'isAdmin', 'id', 'postId', 'email'];
const NASTY_TEXT = [
  '',
  '\u0000',
  '%00',
  '..',
  '../../etc/passwd',
  '%2e%2e%2f',
  'x'.repeat(3000),
  "' OR 1=1--",
  '-1',
  '1e309',
  '2147483648',
  'Infinity',
  '<svg onload=alert(1)>',
  '\ud800',
  'ąę',
];

/** Percent-encoding that survives lone surrogates; raw malformed sequences go through as they are. */
const RAW_FRAGMENTS = ['%ED%A0%80', '%E0%A4%A', '%', '%zz', '%C0%AF'];
const encode = (value: string) => {
  if (RAW_FRAGMENTS.includes(value)) return value;
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

type Mutation =
  | { kind: 'none' }
  | { kind: 'drop'; field: string }
  | { kind: 'replace'; field: string; raw: string }
  | { kind: 'add'; field: string; raw: string }
  | { kind: 'broken-json' }
  | { kind: 'wrong-type' };

const mutationFor = (fields: string[]) =>
  fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.record({ kind: fc.constant('drop' as const), field: fc.constantFrom(...fields) }),
    fc.record({
      kind: fc.constant('replace' as const),
      field: fc.constantFrom(...fields),
      raw: fc.constantFrom(...NASTY_JSON_VALUES),
    }),
    fc.record({
      kind: fc.constant('add' as const),
      field: fc.constantFrom(...EXTRA_FIELDS),
      raw: fc.constantFrom(...NASTY_JSON_VALUES),
    }),
    fc.constant({ kind: 'broken-json' as const }),
    fc.constant({ kind: 'wrong-type' as const }),
  );

/** The valid body as JSON text with one mutation applied. */
function mutatedBody(valid: Record<string, unknown>, mutation: Mutation): { text: string; type: string } {
  const entries = Object.entries(valid).map(
    ([key, value]) => [key, JSON.stringify(value)] as [string, string],
  );
  switch (mutation.kind) {
    case 'none':
      return { text: toJson(entries), type: 'application/json' };
    case 'drop':
      return { text: toJson(entries.filter(([key]) => key !== mutation.field)), type: 'application/json' };
    case 'replace':
      return {
        text: toJson(entries.map(([key, value]) => [key, key === mutation.field ? mutation.raw : value])),
        type: 'application/json',
      };
    case 'add':
      return { text: toJson([...entries, [mutation.field, mutation.raw]]), type: 'application/json' };
    case 'broken-json':
      return { text: toJson(entries).slice(0, -3), type: 'application/json' };
    case 'wrong-type':
      return { text: toJson(entries), type: 'text/plain' };
  }
}

const toJson = (entries: [string, string][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;

describe('fuzzing the public operations', () => {
  let api: TestApi;
  let postId: number;
  let slug: string;
  let userId: number;
  let categoryId: number;
  let admin: TestBrowser;
  let adminCsrf: string;
  beforeAll(async () => {
    api = await startTestApi({ TRUST_PROXY: '1' });
    const category = await buildCategory();
    categoryId = category.id;
    const post = await buildPost({ categories: [category] });
    postId = post.id;
    slug = post.slug;
    userId = (await buildUser()).id;
    categoryId = (await buildCategory()).id;
    const adminUser = await buildUser({ role: 'admin', password: 'Dobre-Hasło1' });
    admin = new TestBrowser(api, clientIp());
    await admin.signIn(adminUser.username, 'Dobre-Hasło1');
    const token = await admin.call('GET', '/api/csrf-token');
    adminCsrf = ((await token.json()) as { csrfToken: string }).csrfToken;
  });
  afterAll(async () => {
    await api?.close();
  });

  const assertHandled = async (res: Response, label: string) => {
    const text = await res.text();
    expect(res.status, `${label} → ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
    if (res.status >= 400) {
      const body = JSON.parse(text) as { error?: unknown; message?: unknown };
      expect(typeof body.error, label).toBe('string');
      expect(typeof body.message, label).toBe('string');
    }
  };

  const fuzzBody = (
    name: string,
    path: () => string,
    valid: Record<string, unknown>,
    options: { method?: string; asAdmin?: boolean } = {},
  ) =>
    it(`${name}: never a 5xx, always a JSON error`, async () => {
      const csrf = await api.csrfHeaders();
      let succeeded = 0;
      await fc.assert(
        fc.asyncProperty(mutationFor(Object.keys(valid)), async (mutation) => {
          const { text, type } = mutatedBody(valid, mutation);
          const method = options.method ?? 'POST';
          const res = options.asAdmin
            ? await admin.raw(method, path(), {
                headers: { 'content-type': type, 'x-csrf-token': adminCsrf },
                body: text,
              })
            : await api.fetch(path(), {
                method,
                headers: { ...csrf, 'content-type': type, 'x-forwarded-for': clientIp() },
                body: text,
              });
          if (res.ok) succeeded += 1;
          const label = JSON.stringify(mutation).slice(0, 120);
          // A field the contract does not list is refused by name, never ignored (__proto__ included);
          // a NUL anywhere in a body is refused before that (reject-nul.ts).
          const unlisted = mutation.kind === 'add' && !Object.keys(valid).includes(mutation.field);
          if (unlisted && !mutation.raw.includes('\\u0000')) {
            expect(res.status, label).toBe(400);
            expect(await res.clone().json(), label).toMatchObject({
              error: 'validation_failed',
              field: mutation.field,
            });
          }
          await assertHandled(res, label);
        }),
        { numRuns: 150 },
      );
      // Some cases (the valid body itself, a dropped optional field) are valid: proof that the cases
      // reach the handler rather than all stopping at the CSRF or role check.
      if (options.asAdmin) expect(succeeded).toBeGreaterThan(0);
    });

  fuzzBody('POST /api/posts/{postId}/comments', () => `/api/posts/${postId}/comments`, {
    author: 'Ola',
    email: 'ola@example.com',
    content: 'Dobry tekst!',
    postId: 1,
  });

  fuzzBody('POST /api/contact', () => '/api/contact', {
    name: 'Jan',
    email: 'jan@example.com',
    message: 'Dzień dobry, mam pytanie.',
    captchaId: '6f1c3f0e-5a4b-4c3d-9e2f-1a2b3c4d5e6f',
    captcha: 'abcde',
  });

  fuzzBody('POST /api/subscribe', () => '/api/subscribe', {
    email: 'fuzz-subskrypcja@example.com',
    // A getter: the category exists only once beforeAll has run.
    get categoryId() {
      return categoryId;
    },
    consent: true,
  });

  it('GET and one-click POST /api/unsubscribe with hostile query parameters', async () => {
    const values = [...NASTY_TEXT, 'a@b.pl', '1', '-1', '2147483648', '1e309', 'x'.repeat(600)];
    for (const email of values) {
      for (const category of values.slice(0, 8)) {
        const query = new URLSearchParams({ email, category, token: email }).toString();
        const res = await api.fetch(`/api/unsubscribe?${query}`, {
          headers: { 'x-forwarded-for': clientIp() },
        });
        await assertHandled(res, `GET ${query.slice(0, 80)}`);
      }
      const query = new URLSearchParams({ email, category: '1', token: 'abc' }).toString();
      const res = await api.fetch(`/api/unsubscribe?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': clientIp() },
        body: new URLSearchParams({ 'List-Unsubscribe': email }).toString(),
      });
      await assertHandled(res, `POST ${query.slice(0, 80)}`);
    }
  });

  fuzzBody('POST /api/login', () => '/api/login', { username: 'ola', password: 'Dobre-Hasło1' });

  fuzzBody('POST /api/register', () => '/api/register', {
    username: 'fuzz-czytelnik',
    email: 'fuzz@example.com',
    password: 'Dobre-Hasło1',
    displayName: 'Fuzz',
  });

  fuzzBody('POST /api/password-reset/request', () => '/api/password-reset/request', {
    email: 'nikt@example.com',
  });

  fuzzBody('POST /api/password-reset/confirm', () => '/api/password-reset/confirm', {
    token: 'abc',
    password: 'Dobre-Hasło1',
  });

  fuzzBody(
    'POST /api/admin/users',
    () => '/api/admin/users',
    { username: 'fuzz-redaktor', email: 'fuzz-redaktor@example.com', displayName: 'F', role: 'publisher' },
    { asAdmin: true },
  );

  fuzzBody(
    'PATCH /api/admin/users/{id}',
    () => `/api/admin/users/${userId}`,
    { email: 'fuzz-zmiana@example.com', displayName: 'F', role: 'subscriber', isActive: true },
    { method: 'PATCH', asAdmin: true },
  );

  fuzzBody(
    'POST /api/admin/categories',
    () => '/api/admin/categories',
    { name: 'Kategoria z fuzzingu' },
    { asAdmin: true },
  );

  fuzzBody(
    'PATCH /api/admin/categories/{id}',
    () => `/api/admin/categories/${categoryId}`,
    { name: 'Zmieniona kategoria z fuzzingu' },
    { method: 'PATCH', asAdmin: true },
  );

  fuzzBody(
    'POST /api/admin/comments/bulk-delete',
    () => '/api/admin/comments/bulk-delete',
    // Ids no comment has: the shared database's other comments are never touched.
    { ids: [2_147_483_000, 2_147_483_001] },
    { asAdmin: true },
  );

  fuzzBody(
    'POST /api/admin/posts/bulk',
    () => '/api/admin/posts/bulk',
    // Ids no post has: the shared database's other posts are never touched.
    { action: 'unpublish', posts: [{ id: 2_147_483_000, version: 1 }] },
    { asAdmin: true },
  );

  it('GET /api/posts with hostile query parameters', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          page: fc.constantFrom(...NASTY_TEXT, '2'),
          limit: fc.constantFrom(...NASTY_TEXT, '6'),
          q: fc.constantFrom(...NASTY_TEXT),
        }),
        fc.constantFrom('page', 'limit', 'q', 'page[]', 'q[a]'),
        async (values, key) => {
          const query = `${encode(key)}=${encode(values.page)}&limit=${encode(values.limit)}&q=${encode(values.q)}`;
          await assertHandled(await api.fetch(`/api/posts?${query}`), query.slice(0, 120));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('GET /api/admin/posts with hostile query parameters', async () => {
    const names = ['page', 'limit', 'q', 'sort', 'order', 'status', 'author', 'category'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names, 'page[]', 'q[a]'),
        fc.constantFrom(...NASTY_TEXT, '2', 'title', 'asc', 'draft'),
        fc.constantFrom('', '&q=%C5%BC%C3%B3%C5%82w', '&page=2&limit=5', '&sort=title&order=asc'),
        async (key, value, rest) => {
          const query = `${encode(key)}=${encode(value)}${rest}`;
          await assertHandled(await admin.call('GET', `/api/admin/posts?${query}`), query.slice(0, 120));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('path parameters of posts, comments and images', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...NASTY_TEXT, ...RAW_FRAGMENTS, slug, String(postId)),
        fc.constantFrom('/api/posts/', '/api/images/', '/post/', '/api/admin/users/'),
        async (value, prefix) => {
          const path = `${prefix}${encode(value)}`;
          const res = prefix.startsWith('/api/admin/')
            ? await admin.raw('PATCH', path, {
                headers: { 'content-type': 'application/json', 'x-csrf-token': adminCsrf },
                body: '{"displayName":"x"}',
              })
            : await api.fetch(path);
          await assertHandled(res, `${prefix}${value.slice(0, 60)}`);
        },
      ),
      { numRuns: 100 },
    );
  });
});
