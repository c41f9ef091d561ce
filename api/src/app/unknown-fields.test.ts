import { readFileSync } from 'node:fs';
import { openapiPath } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Post } from '../modules/posts/post.model.ts';
import { SiteSetting } from '../modules/settings/site-setting.model.ts';
import { UserSubscription } from '../modules/subscriptions/user-subscription.model.ts';
import { TestBrowser } from '../../test/browser.ts';
import { buildCategory, buildUser, uniqueSuffix } from '../../test/factories.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { clientIp, readError } from '../../test/http.ts';
import { contractOperations } from './contract-operations.ts';

const PASSWORD = 'Dobre-Hasło1';
let api: TestApi;
let admin: TestBrowser;
let adminName: string;
beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  const user = await buildUser({ role: 'admin', password: PASSWORD });
  adminName = user.username;
  admin = new TestBrowser(api, clientIp());
  await admin.signIn(user.username, PASSWORD);
});
afterAll(async () => {
  await api?.close();
});

async function expectRefused(res: Response, field: string) {
  expect(res.status, await res.clone().text()).toBe(400);
  expect(await readError(res)).toEqual({
    error: 'validation_failed',
    message: `Nieznane pole: „${field}”.`,
    field,
  });
}

const postForm = (input: unknown, extra: Record<string, string> = {}) => {
  const form = new FormData();
  form.set('postData', JSON.stringify(input));
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  return form;
};
const postInput = () => {
  const suffix = uniqueSuffix();
  return { title: `Wpis ${suffix}`, slug: `wpis-${suffix}`, content: '<p>Treść wpisu, dość długa.</p>' };
};

describe('a body field the contract does not list', () => {
  it('refuses a sign-in with a misspelt field, and signs in with the listed ones', async () => {
    const browser = new TestBrowser(api, clientIp());
    await expectRefused(
      await browser.call('POST', '/api/login', { username: adminName, password: PASSWORD, remember: true }),
      'remember',
    );
    expect((await browser.call('GET', '/api/user')).status).toBe(401);
    await browser.signIn(adminName, PASSWORD);
    expect((await browser.call('GET', '/api/user')).status).toBe(200);
  });

  it('refuses a new post whose postData has an unknown key (or an unknown form part), and stores nothing', async () => {
    const input = postInput();
    await expectRefused(
      await admin.upload('POST', '/api/admin/posts', postForm({ ...input, titel: 'Literówka' })),
      'titel',
    );
    await expectRefused(
      await admin.upload('POST', '/api/admin/posts', postForm(input, { title: 'Poza postData' })),
      'title',
    );
    expect(await Post.count({ where: { slug: input.slug } })).toBe(0);
    const created = await admin.upload('POST', '/api/admin/posts', postForm(input));
    expect(created.status, await created.clone().text()).toBe(201);
  });

  it('refuses an update that carries a read-only field next to the version, and changes nothing', async () => {
    const input = postInput();
    const created = (await (await admin.upload('POST', '/api/admin/posts', postForm(input))).json()) as {
      id: number;
      version: number;
    };
    const before = await admin.call('GET', `/api/admin/posts/${created.id}`);
    const changed = { ...input, title: 'Nowy tytuł wpisu', version: created.version };
    await expectRefused(
      await admin.upload(
        'PUT',
        `/api/admin/posts/${created.id}`,
        postForm({ ...changed, publishedAt: '2020-01-01T00:00:00Z' }),
      ),
      'publishedAt',
    );
    expect(await (await admin.call('GET', `/api/admin/posts/${created.id}`)).json()).toEqual(
      await before.json(),
    );
    const saved = await admin.upload('PUT', `/api/admin/posts/${created.id}`, postForm(changed));
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { title: string }).title).toBe('Nowy tytuł wpisu');
  });

  it('refuses a settings save with an unknown field, and the stored settings stay as they were', async () => {
    const stored = async () =>
      (await SiteSetting.findAll({ order: [['key', 'ASC']], raw: true })).map(({ key, value }) => ({
        key,
        value,
      }));
    const before = await stored();
    await expectRefused(
      await admin.call('POST', '/api/admin/site-settings', {
        blogDescription: `Opis, który nie może się zapisać ${uniqueSuffix()}`,
        commentsEnabeld: false,
      }),
      'commentsEnabeld',
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses a subscription with an unknown field, and subscribes nobody', async () => {
    const category = await buildCategory();
    const email = `czytelnik-${uniqueSuffix()}@example.com`;
    const reader = new TestBrowser(api, clientIp());
    await expectRefused(
      await reader.call('POST', '/api/subscribe', {
        email,
        categoryId: category.id,
        consent: true,
        name: 'Ala',
      }),
      'name',
    );
    expect(await UserSubscription.count({ where: { categoryId: category.id } })).toBe(0);
  });

  it('a hostile key is named back as text, and odd bodies get a 400, never a 500', async () => {
    const category = await buildCategory();
    for (const key of ["$'", '</script><script>alert(1)</script>', '__proto__', 'constructor']) {
      const res = await admin.call('POST', '/api/admin/categories', {
        name: `Kat ${uniqueSuffix()}`,
        [key]: 1,
      });
      await expectRefused(res, key);
    }
    for (const body of [[], null, 'tekst', 7, [{ name: 'x' }]]) {
      const res = await admin.call('PATCH', `/api/admin/categories/${category.id}`, body);
      expect(res.status, `${JSON.stringify(body)}: ${await res.clone().text()}`).toBe(400);
    }
  });

  it('names a field inside a closed nested object by its path', async () => {
    await expectRefused(
      await admin.call('POST', '/api/admin/posts/bulk', {
        action: 'publish',
        posts: [{ id: 2_000_000_000, version: 1, title: 'x' }],
      }),
      'posts.0.title',
    );
  });
});

describe('every request body of the contract', () => {
  const document = parse(readFileSync(openapiPath, 'utf8')) as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  };
  const operations = contractOperations().all.filter((operation) => operation.hasBody);
  const jsonOperations = operations.filter((operation) => operation.bodyTypes.includes('application/json'));

  it('has its listed fields known to the check, media type by media type', () => {
    expect(jsonOperations.length).toBeGreaterThan(20);
    for (const operation of operations) {
      const content = document.paths[operation.path]![operation.method.toLowerCase()]!.requestBody!.content;
      for (const [type, media] of Object.entries(content)) {
        const ref = (media.schema as { $ref: string }).$ref;
        const schema = document.components.schemas[ref.split('/').pop()!]!;
        expect(operation.bodyShapes[type]?.keys, `${operation.operationId} ${type}`).toEqual(
          Object.keys(schema.properties ?? {}),
        );
      }
    }
  });

  it.each(jsonOperations.map((operation) => [operation.method, operation.path]))(
    '%s %s refuses an unknown field before its handler runs',
    async (method, path) => {
      const url = `/api${path.replace(/\{\w+\}/g, '2000000000')}`;
      await expectRefused(await admin.call(method, url, { nieznanePole: 1 }), 'nieznanePole');
    },
  );
});
