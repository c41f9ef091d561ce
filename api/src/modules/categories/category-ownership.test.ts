import { CATEGORY_ADMIN_ONLY } from '@blog/shared/rules';
import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { admin, api, publisher, publisherUser, useCategoriesApi } from '../../../test/categories.fixtures.ts';
import { buildCategory, buildPost, buildSubscription } from '../../../test/factories.ts';
import { readError } from '../../../test/http.ts';
import { PostCategory } from '../posts/post-category.model.ts';
import { UserSubscription } from '../subscriptions/user-subscription.model.ts';
import { deleteCategory, toggleCategoryVisibility } from './categories.service.ts';
import { Category } from './category.model.ts';

/**
 * A publisher cannot destroy others' work through a category: deleting, hiding or showing one that
 * holds another author's post (any status) or a subscription is an admin's action.
 */

useCategoriesApi();

const forbiddenWith = (message: string) => ({ error: 'forbidden', message });

describe('a publisher and a category holding others’ work', () => {
  it.each([
    ['another author’s published post', { published: true }],
    ['another author’s draft', { published: false }],
  ])('cannot delete or hide one with %s, and nothing changes', async (_label, attributes) => {
    const category = await buildCategory();
    await buildPost({ categories: [category], userId: publisherUser.id, published: true });
    const foreign = await buildPost({ categories: [category], ...attributes });

    const deleted = await publisher.call('DELETE', `/api/admin/categories/${category.id}`);
    expect(deleted.status).toBe(403);
    expect(await readError(deleted)).toEqual(forbiddenWith(CATEGORY_ADMIN_ONLY.delete));
    const hidden = await publisher.call('PATCH', `/api/admin/categories/${category.id}/toggle-visibility`);
    expect(hidden.status).toBe(403);
    expect(await readError(hidden)).toEqual(forbiddenWith(CATEGORY_ADMIN_ONLY.hide));

    const stored = await Category.findByPk(category.id);
    expect(stored?.enabled).toBe(true);
    expect(await PostCategory.count({ where: { categoryId: category.id, postId: foreign.id } })).toBe(1);
  });

  it('cannot show a hidden one with another author’s post (it would publish it)', async () => {
    const category = await buildCategory({ enabled: false });
    await buildPost({ categories: [category], published: true });
    const shown = await publisher.call('PATCH', `/api/admin/categories/${category.id}/toggle-visibility`);
    expect(shown.status).toBe(403);
    expect(await readError(shown)).toEqual(forbiddenWith(CATEGORY_ADMIN_ONLY.show));
    expect((await Category.findByPk(category.id))?.enabled).toBe(false);
  });

  it('counts a post whose author was removed as someone else’s', async () => {
    const category = await buildCategory();
    await buildPost({ categories: [category], author: null });
    expect((await publisher.call('DELETE', `/api/admin/categories/${category.id}`)).status).toBe(403);
  });

  it('cannot delete or hide one with subscriptions, even when every post is theirs', async () => {
    const category = await buildCategory();
    await buildPost({ categories: [category], userId: publisherUser.id });
    await buildSubscription({ category });
    const deleted = await publisher.call('DELETE', `/api/admin/categories/${category.id}`);
    expect(await readError(deleted)).toEqual(forbiddenWith(CATEGORY_ADMIN_ONLY.delete));
    const hidden = await publisher.call('PATCH', `/api/admin/categories/${category.id}/toggle-visibility`);
    expect(await readError(hidden)).toEqual(forbiddenWith(CATEGORY_ADMIN_ONLY.hide));
    expect(await UserSubscription.count({ where: { categoryId: category.id } })).toBe(1);
  });

  it('may hide, show and delete one holding only their own posts and no subscription', async () => {
    const category = await buildCategory();
    await buildPost({ categories: [category], userId: publisherUser.id, published: true });
    await buildPost({ categories: [category], userId: publisherUser.id, published: false });
    const impact = await publisher.call('GET', `/api/admin/categories/${category.id}/delete-impact`);
    expect(((await impact.json()) as { adminOnly: boolean }).adminOnly).toBe(false);
    const path = `/api/admin/categories/${category.id}`;
    expect((await publisher.call('PATCH', `${path}/toggle-visibility`)).status).toBe(200);
    expect((await publisher.call('PATCH', `${path}/toggle-visibility`)).status).toBe(200);
    expect((await publisher.call('DELETE', path)).status).toBe(200);
    expect(await Category.findByPk(category.id)).toBeNull();
  });

  it('leaves admins free to hide and delete any category', async () => {
    const category = await buildCategory();
    await buildPost({ categories: [category], published: true });
    await buildSubscription({ category });
    const impact = await admin.call('GET', `/api/admin/categories/${category.id}/delete-impact`);
    expect(((await impact.json()) as { adminOnly: boolean }).adminOnly).toBe(false);
    const path = `/api/admin/categories/${category.id}`;
    expect((await admin.call('PATCH', `${path}/toggle-visibility`)).status).toBe(200);
    expect((await admin.call('DELETE', path)).status).toBe(200);
  });
});

describe('the check belongs to the change', () => {
  it('is made by the service itself, not only by the routes in front of it', async () => {
    const category = await buildCategory();
    await buildPost({ categories: [category] });
    const actor = { id: publisherUser.id, role: 'publisher' as const };
    await expect(deleteCategory(api.runtime, category.id, actor)).rejects.toMatchObject({
      message: CATEGORY_ADMIN_ONLY.delete,
    });
    await expect(toggleCategoryVisibility(api.runtime, category.id, actor)).rejects.toMatchObject({
      message: CATEGORY_ADMIN_ONLY.hide,
    });
    expect(await Category.findByPk(category.id)).not.toBeNull();
  });

  it('sees a post linked while the delete waited for the category’s lock', async () => {
    const category = await buildCategory();
    const foreign = await buildPost();
    const { sequelize } = api.runtime;
    // Another author files a post under the category; not yet committed, so no early check can see it.
    const linking = await sequelize.transaction();
    await sequelize.query(
      'INSERT INTO post_categories (post_id, category_id) VALUES (:postId, :categoryId)',
      {
        replacements: { postId: foreign.id, categoryId: category.id },
        transaction: linking,
      },
    );
    const deleting = publisher.call('DELETE', `/api/admin/categories/${category.id}`);
    // The delete now waits for the row lock the link's foreign key holds; then the link commits.
    await waitFor(async () => {
      const [row] = await sequelize.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        { type: QueryTypes.SELECT },
      );
      return (row?.waiting ?? 0) > 0;
    });
    await linking.commit();
    const res = await deleting;
    expect(await readError(res)).toEqual(forbiddenWith(CATEGORY_ADMIN_ONLY.delete));
    expect(await PostCategory.count({ where: { categoryId: category.id, postId: foreign.id } })).toBe(1);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
