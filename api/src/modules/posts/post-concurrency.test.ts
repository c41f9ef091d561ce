// Optimistic concurrency of the post editor: a save names the version it was loaded at;
// a stale one answers 409 and writes nothing. Two API processes share the database and Redis, as
// production's api ×N do, so the guarantee cannot rest on anything held in one process.
import type { AdminPost } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { buildCategory, buildUser } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp } from '../../../test/http.ts';
import { sharedServicesEnv } from '../../../test/second-api.ts';
import { spawnEntry, type SpawnedProcess } from '../../../test/spawn-process.ts';
import { postForm, validInput } from '../../../test/admin-posts.fixtures.ts';
import { POST_EDIT_CONFLICT } from './admin-posts.service.ts';
import { Post } from './post.model.ts';

const PASSWORD = 'Dobre-Hasło1';
let api: TestApi;
let processes: SpawnedProcess[] = [];
/** One signed-in admin browser per API process (the session lives in the shared Redis). */
let tabs: TestBrowser[] = [];

/** A TestApi-shaped handle on a spawned API process: TestBrowser only needs its fetch. */
const remoteApi = (port: unknown) =>
  ({
    fetch: (pathname: string, init?: RequestInit) =>
      fetch(`http://127.0.0.1:${String(port)}${pathname}`, init),
  }) as TestApi;

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  const env = {
    ...sharedServicesEnv(api),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: api.config.dataDir,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'silent',
  };
  processes = await Promise.all([0, 1].map(() => spawnEntry('api/test/api-process.ts', env)));
  const admin = await buildUser({ role: 'admin', password: PASSWORD });
  tabs = processes.map((spawned) => new TestBrowser(remoteApi(spawned.ready.port), clientIp()));
  for (const tab of tabs) await tab.signIn(admin.username, PASSWORD);
}, 60_000);
afterAll(async () => {
  await Promise.all(processes.map((spawned) => spawned.stop()));
  await api?.close();
});

async function createPost(tab: TestBrowser): Promise<AdminPost> {
  const category = await buildCategory();
  const res = await tab.upload(
    'POST',
    '/api/admin/posts',
    postForm(validInput({ categories: [category.id] })),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as AdminPost;
}

const save = (tab: TestBrowser, post: AdminPost, changes: Record<string, unknown>) =>
  tab.upload(
    'PUT',
    `/api/admin/posts/${post.id}`,
    postForm({ title: post.title, slug: post.slug, content: post.content, ...changes }),
  );

describe('PUT /api/admin/posts/:id with version, across two API processes', () => {
  it('starts at version 1 and counts every save and every switch of the publish toggle', async () => {
    const [a] = tabs as [TestBrowser, TestBrowser];
    const post = await createPost(a);
    expect(post.version).toBe(1);
    const saved = (await (await save(a, post, { version: 1, title: 'Druga wersja' })).json()) as AdminPost;
    expect(saved.version).toBe(2);
    const toggled = await a.call('PATCH', `/api/admin/posts/${post.id}/toggle-visibility`);
    expect(toggled.status).toBe(200);
    const reread = (await (await a.call('GET', `/api/admin/posts/${post.id}`)).json()) as AdminPost;
    expect(reread.version).toBe(3);
  });

  it('refuses the stale save of the second tab with 409 and writes nothing of it', async () => {
    const [a, b] = tabs as [TestBrowser, TestBrowser];
    const loaded = await createPost(a);
    // Tab B (process 2) changes the title and saves first.
    const first = await save(b, loaded, { version: loaded.version, title: 'Tytuł z karty B' });
    expect(first.status).toBe(200);
    // Tab A (process 1) changes the body, still at the version it loaded.
    const stale = await save(a, loaded, {
      version: loaded.version,
      content: '<p>Treść z karty A, która nie może nadpisać tytułu.</p>',
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: 'conflict', message: POST_EDIT_CONFLICT, field: 'version' });
    const row = await Post.findByPk(loaded.id);
    expect(row).toMatchObject({ title: 'Tytuł z karty B', content: loaded.content, version: 2 });
  });

  it('lets exactly one of two simultaneous saves at the same version through', async () => {
    const [a, b] = tabs as [TestBrowser, TestBrowser];
    const loaded = await createPost(a);
    for (let round = 0; round < 5; round += 1) {
      const version = (await Post.findByPk(loaded.id))!.version;
      const results = await Promise.all(
        [a, b].map((tab, i) => save(tab, loaded, { version, title: `Runda ${round} karta ${i}` })),
      );
      expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
      const winner = results.findIndex((res) => res.status === 200);
      const row = await Post.findByPk(loaded.id);
      expect(row).toMatchObject({ title: `Runda ${round} karta ${winner}`, version: version + 1 });
    }
  });

  it('overwrites on purpose when the save names the current version; saves without a version stay unconditional', async () => {
    const [a, b] = tabs as [TestBrowser, TestBrowser];
    const loaded = await createPost(a);
    await save(b, loaded, { version: 1, title: 'Tytuł z karty B' });
    const overwrite = await save(a, loaded, { version: 2, title: 'Nadpisane przez A' });
    expect(overwrite.status).toBe(200);
    expect(((await overwrite.json()) as AdminPost).version).toBe(3);
    const legacy = await save(b, loaded, { title: 'Bez wersji' });
    expect(legacy.status).toBe(200);
    expect((await Post.findByPk(loaded.id))!.version).toBe(4);
  });

  it.each([0, -1, 2_147_483_648, 'jeden', 1.5])('refuses version %s with 400', async (version) => {
    const [a] = tabs as [TestBrowser, TestBrowser];
    const loaded = await createPost(a);
    const res = await save(a, loaded, { version });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe('version');
  });
});
