// „Historia zmian”: every save keeps a revision, the last 50 per post; list, read, restore.
import type { AdminPost, PostRevision, PostRevisionSummary } from '@blog/shared';
import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { buildCategory } from '../../../test/factories.ts';
import { readError } from '../../../test/http.ts';
import {
  admin,
  api,
  create,
  publisher,
  publisherUser,
  update,
  useAdminPostsApi,
  validInput,
} from '../../../test/admin-posts.fixtures.ts';
import { MAX_REVISIONS_PER_POST } from './post-revisions.service.ts';

useAdminPostsApi();

const edit = async (post: AdminPost, changes: Record<string, unknown>) => {
  const res = await update(publisher, post, changes);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminPost;
};

const revisions = async (postId: number) => {
  const res = await publisher.call('GET', `/api/admin/posts/${postId}/revisions`);
  expect(res.status).toBe(200);
  return (await res.json()) as PostRevisionSummary[];
};

async function newPost() {
  const category = await buildCategory();
  const res = await create(publisher, validInput({ categories: [category.id], tags: ['historia'] }));
  expect(res.status).toBe(201);
  return { post: (await res.json()) as AdminPost, category };
}

describe('post revisions', () => {
  it('keeps one per save with who and when; lists newest first without bodies; reads one whole', async () => {
    const { post, category } = await newPost();
    const edited = await edit(post, { title: 'Tytuł po poprawce', content: '<p>Druga treść posta.</p>' });
    const list = await revisions(post.id);
    expect(list.map((revision) => revision.title)).toEqual(['Tytuł po poprawce', post.title]);
    expect(list[0]).toMatchObject({
      postId: post.id,
      slug: post.slug,
      published: true,
      author: { username: publisherUser.username, displayName: 'Pani Redaktor', role: 'publisher' },
    });
    expect(list[0]).not.toHaveProperty('content');
    const first = await publisher.call('GET', `/api/admin/posts/${post.id}/revisions/${list[1]!.id}`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      ...list[1],
      excerpt: 'Krótka zajawka',
      content: post.content,
      imageUrl: null,
      imageAlt: null,
      categories: [category.id],
      tags: ['historia'],
      metaTitle: null,
      metaDescription: null,
      socialImageUrl: null,
    } satisfies PostRevision);
    expect(edited.version).toBe(2);
  });

  it('restores an older text as a new revision, keeping the publication status; a stale version is 409', async () => {
    const { post } = await newPost();
    const edited = await edit(post, {
      content: '<p>Wklejony zły tekst, który trzeba cofnąć.</p>',
      published: false,
    });
    const [, original] = await revisions(post.id);
    const stale = await publisher.call(
      'POST',
      `/api/admin/posts/${post.id}/revisions/${original!.id}/restore`,
      {
        version: 1,
      },
    );
    expect(stale.status).toBe(409);
    expect((await readError(stale)).field).toBe('version');
    const res = await publisher.call(
      'POST',
      `/api/admin/posts/${post.id}/revisions/${original!.id}/restore`,
      {
        version: edited.version,
      },
    );
    expect(res.status).toBe(200);
    const restored = (await res.json()) as AdminPost;
    expect(restored).toMatchObject({
      content: post.content,
      title: post.title,
      published: false,
      version: 3,
    });
    const list = await revisions(post.id);
    expect(list).toHaveLength(3);
    expect(list[0]!.title).toBe(post.title);
  });

  it('restores a revision saved before the tag rules with its tags normalized and a dots-only one left out', async () => {
    const { post } = await newPost();
    const [original] = await revisions(post.id);
    await api.runtime.sequelize.query(
      'UPDATE post_revisions SET tags = ARRAY[:tags]::text[] WHERE id = :id',
      {
        replacements: { id: original!.id, tags: ['.', 'Zima\n2024', 'A\u0328na\u200B'] },
      },
    );
    const res = await publisher.call(
      'POST',
      `/api/admin/posts/${post.id}/revisions/${original!.id}/restore`,
      {
        version: post.version,
      },
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminPost).tags.sort()).toEqual(['Zima 2024', '\u0104na'].sort());
  });

  it('keeps the cover’s alt text in each revision; a restore brings it back with the cover', async () => {
    const { post } = await newPost();
    const cover = 'https://example.com/okladka.png';
    const withAlt = await edit(post, { imageUrl: cover, imageAlt: 'Latarnia morska o zmierzchu' });
    const changed = await edit(withAlt, { imageAlt: 'Zły opis' });
    expect(changed.imageAlt).toBe('Zły opis');
    const list = await revisions(post.id);
    const read = await publisher.call('GET', `/api/admin/posts/${post.id}/revisions/${list[1]!.id}`);
    expect(await read.json()).toMatchObject({ imageUrl: cover, imageAlt: 'Latarnia morska o zmierzchu' });
    const res = await publisher.call('POST', `/api/admin/posts/${post.id}/revisions/${list[1]!.id}/restore`, {
      version: changed.version,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ imageUrl: cover, imageAlt: 'Latarnia morska o zmierzchu' });
    const [newest] = await revisions(post.id);
    const kept = await publisher.call('GET', `/api/admin/posts/${post.id}/revisions/${newest!.id}`);
    expect(((await kept.json()) as PostRevision).imageAlt).toBe('Latarnia morska o zmierzchu');
  });

  it('answers 404 for a revision of another post and 400 for a malformed id; needs a version', async () => {
    const { post } = await newPost();
    const { post: other } = await newPost();
    const [otherRevision] = await revisions(other.id);
    const foreign = await publisher.call('GET', `/api/admin/posts/${post.id}/revisions/${otherRevision!.id}`);
    expect(foreign.status).toBe(404);
    expect((await readError(foreign)).message).toBe('Wersja posta nie została znaleziona.');
    expect((await publisher.call('GET', `/api/admin/posts/${post.id}/revisions/abc`)).status).toBe(400);
    const [own] = await revisions(post.id);
    const noVersion = await publisher.call(
      'POST',
      `/api/admin/posts/${post.id}/revisions/${own!.id}/restore`,
      {},
    );
    expect(noVersion.status).toBe(400);
    expect((await readError(noVersion)).field).toBe('version');
    expect((await publisher.call('GET', '/api/admin/posts/2147483000/revisions')).status).toBe(404);
  });

  it('lets a publisher see only their own posts’ history (admins see all)', async () => {
    const category = await buildCategory();
    const res = await create(admin, validInput({ categories: [category.id] }));
    const adminsPost = (await res.json()) as AdminPost;
    expect((await publisher.call('GET', `/api/admin/posts/${adminsPost.id}/revisions`)).status).toBe(403);
    const { post } = await newPost();
    expect((await admin.call('GET', `/api/admin/posts/${post.id}/revisions`)).status).toBe(200);
  });

  it(`keeps only the last ${MAX_REVISIONS_PER_POST} per post, dropping the oldest`, async () => {
    let { post } = await newPost();
    for (let i = 1; i <= MAX_REVISIONS_PER_POST + 2; i += 1)
      post = await edit(post, { title: `Wersja numer ${i}` });
    const list = await revisions(post.id);
    expect(list).toHaveLength(MAX_REVISIONS_PER_POST);
    expect(list[0]!.title).toBe(`Wersja numer ${MAX_REVISIONS_PER_POST + 2}`);
    expect(list.at(-1)!.title).toBe('Wersja numer 3');
    const [{ count }] = (await api.runtime.sequelize.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM post_revisions WHERE post_id = :id',
      { type: QueryTypes.SELECT, replacements: { id: post.id } },
    )) as [{ count: number }];
    expect(count).toBe(MAX_REVISIONS_PER_POST);
  });
});
