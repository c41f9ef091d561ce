import type { Category as CategoryBody } from '@blog/shared';
import { describe, expect, it } from 'vitest';
import { admin, api, publisher, publisherUser, useCategoriesApi } from '../../../test/categories.fixtures.ts';
import { buildCategory, buildPost, buildSubscription, uniqueSuffix } from '../../../test/factories.ts';
import { readError } from '../../../test/http.ts';
import { PostCategory } from '../posts/post-category.model.ts';
import { Post } from '../posts/post.model.ts';
import { UserSubscription } from '../subscriptions/user-subscription.model.ts';
import { Category } from './category.model.ts';
import { CATEGORY_EDIT_CONFLICT } from './categories.service.ts';

useCategoriesApi();

describe('GET /api/categories', () => {
  it('gives readers the visible categories and staff all of them', async () => {
    const visible = await buildCategory();
    const hidden = await buildCategory({ enabled: false });
    const publicIds = ((await (await api.fetch('/api/categories')).json()) as CategoryBody[]).map(
      (c) => c.id,
    );
    expect(publicIds).toContain(visible.id);
    expect(publicIds).not.toContain(hidden.id);
    const staff = (await (await publisher.call('GET', '/api/categories')).json()) as CategoryBody[];
    expect(staff).toContainEqual({ id: hidden.id, name: hidden.name, enabled: false, version: 1 });
  });
});

describe('admin categories', () => {
  it('creates a trimmed, visible category and refuses a name taken in any letter case', async () => {
    const name = `Technologia ${uniqueSuffix()}`;
    const res = await publisher.call('POST', '/api/admin/categories', { name: `  ${name}  ` });
    expect(res.status).toBe(201);
    const created = (await res.json()) as CategoryBody;
    expect(created).toEqual({ id: created.id, name, enabled: true, version: 1 });

    const duplicate = await publisher.call('POST', '/api/admin/categories', { name: name.toUpperCase() });
    expect(duplicate.status).toBe(409);
    expect(await readError(duplicate)).toEqual({
      error: 'conflict',
      message: 'Kategoria o tej nazwie już istnieje.',
      field: 'name',
    });
  });

  it.each([
    [{ name: '' }, 'Nazwa kategorii nie może być pusta'],
    [{ name: '   ' }, 'Nazwa kategorii nie może być pusta'],
    [{}, 'Nazwa kategorii nie może być pusta'],
    [{ name: 'x'.repeat(101) }, 'Nazwa kategorii może mieć najwyżej 100 znaków'],
    [{ name: 'Zła\nkategoria' }, 'Nazwa kategorii nie może zawierać znaków sterujących (np. nowej linii)'],
    [
      { name: 'Zła\u2028kategoria' },
      'Nazwa kategorii nie może zawierać znaków sterujących (np. nowej linii)',
    ],
  ])('refuses %j with 400 and the rule’s message', async (body, message) => {
    const res = await publisher.call('POST', '/api/admin/categories', body);
    expect(res.status).toBe(400);
    expect(await readError(res)).toEqual({ error: 'validation_failed', message, field: 'name' });
  });

  it('refuses a rename loaded at an older version with 409 and keeps the newer name', async () => {
    const category = await buildCategory();
    const first = await publisher.call('PATCH', `/api/admin/categories/${category.id}`, {
      name: `Pierwsza ${category.name}`,
      version: 1,
    });
    expect(first.status).toBe(200);
    const stale = await publisher.call('PATCH', `/api/admin/categories/${category.id}`, {
      name: `Druga ${category.name}`,
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(await readError(stale)).toEqual({
      error: 'conflict',
      message: CATEGORY_EDIT_CONFLICT,
      field: 'version',
    });
    const stored = await Category.findByPk(category.id);
    expect(stored).toMatchObject({ name: `Pierwsza ${category.name}`, version: 2 });
  });

  it('renames (its own name in another case is fine; another’s is 409; a missing one 404)', async () => {
    const category = await buildCategory();
    const other = await buildCategory();
    const renamed = await publisher.call('PATCH', `/api/admin/categories/${category.id}`, {
      name: category.name.toUpperCase(),
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({
      id: category.id,
      name: category.name.toUpperCase(),
      enabled: true,
      version: 2,
    });

    const clash = await publisher.call('PATCH', `/api/admin/categories/${category.id}`, { name: other.name });
    expect(clash.status).toBe(409);
    expect((await readError(clash)).field).toBe('name');
    const blank = await publisher.call('PATCH', `/api/admin/categories/${category.id}`, { name: ' ' });
    expect(blank.status).toBe(400);
    const missing = await publisher.call('PATCH', '/api/admin/categories/2147483000', { name: 'Nowa nazwa' });
    expect(missing.status).toBe(404);
    expect(await readError(missing)).toEqual({
      error: 'not_found',
      message: 'Kategoria nie została znaleziona.',
    });
  });

  it('switches visibility, answering enabled and name, and hides its posts from readers', async () => {
    const category = await buildCategory();
    const post = await buildPost({ categories: [category], userId: publisherUser.id });
    const hidden = await publisher.call('PATCH', `/api/admin/categories/${category.id}/toggle-visibility`);
    expect(await hidden.json()).toEqual({ id: category.id, name: category.name, enabled: false, version: 2 });
    expect((await api.fetch(`/api/posts/${post.slug}`)).status).toBe(404);
    const shown = await publisher.call('PATCH', `/api/admin/categories/${category.id}/toggle-visibility`);
    expect(((await shown.json()) as CategoryBody).enabled).toBe(true);
    expect((await api.fetch(`/api/posts/${post.slug}`)).status).toBe(200);
  });

  it('deletes a category with its post links and subscriptions, keeping the posts', async () => {
    const category = await buildCategory();
    const post = await buildPost({ categories: [category] });
    await buildSubscription({ category });
    const res = await admin.call('DELETE', `/api/admin/categories/${category.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Kategoria została usunięta' });
    expect(await Category.findByPk(category.id)).toBeNull();
    expect(await Post.findByPk(post.id)).not.toBeNull();
    expect(await PostCategory.count({ where: { categoryId: category.id } })).toBe(0);
    expect(await UserSubscription.count({ where: { categoryId: category.id } })).toBe(0);
    expect((await admin.call('DELETE', `/api/admin/categories/${category.id}`)).status).toBe(404);
    expect((await publisher.call('DELETE', `/api/admin/categories/${category.id}`)).status).toBe(404);
  });

  it('counts what a delete would do: posts, posts left without a category, posts readers lose, subscriptions', async () => {
    const doomed = await buildCategory();
    const other = await buildCategory();
    const hidden = await buildCategory({ enabled: false });
    await buildPost({ categories: [doomed], published: true }); // only category, visible: vanishes
    await buildPost({ categories: [doomed], published: false }); // only category, a draft
    await buildPost({ categories: [doomed, other], published: true }); // stays visible through `other`
    await buildPost({ categories: [doomed, hidden], published: true }); // its other category is hidden
    await buildSubscription({ category: doomed });
    await buildSubscription({ category: doomed });
    const res = await publisher.call('GET', `/api/admin/categories/${doomed.id}/delete-impact`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      posts: 4,
      onlyCategoryPosts: 2,
      vanishingPosts: 2,
      subscriptions: 2,
      adminOnly: true,
    });

    const empty = await buildCategory();
    expect(
      await (await publisher.call('GET', `/api/admin/categories/${empty.id}/delete-impact`)).json(),
    ).toEqual({
      posts: 0,
      onlyCategoryPosts: 0,
      vanishingPosts: 0,
      subscriptions: 0,
      adminOnly: false,
    });
    const missing = await publisher.call('GET', '/api/admin/categories/2147483647/delete-impact');
    expect(missing.status).toBe(404);
    expect((await readError(missing)).message).toBe('Kategoria nie została znaleziona.');
    expect((await api.fetch(`/api/admin/categories/${doomed.id}/delete-impact`)).status).toBe(401);
  });
});
