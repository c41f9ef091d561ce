import { QueryTypes, UniqueConstraintError } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Category } from '../modules/categories/category.model.ts';
import { Comment } from '../modules/comments/comment.model.ts';
import { Post } from '../modules/posts/post.model.ts';
import { PostCategory } from '../modules/posts/post-category.model.ts';
import { PostTag } from '../modules/tags/post-tag.model.ts';
import { SiteSetting } from '../modules/settings/site-setting.model.ts';
import { SubscriptionLog } from '../modules/subscriptions/subscription-log.model.ts';
import { UserSubscription } from '../modules/subscriptions/user-subscription.model.ts';
import { User } from '../modules/users/user.model.ts';
import {
  buildCategory,
  buildComment,
  buildContactMessage,
  buildPost,
  buildSetting,
  buildSubscription,
  buildTag,
  buildUser,
  uniqueSuffix,
} from '../../test/factories.ts';
import { createSequelize } from './sequelize.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';

let sequelize: Sequelize;

beforeAll(() => {
  sequelize = createSequelize(testDatabaseUrl(), { poolMax: 3 });
});

afterAll(async () => {
  await sequelize?.close();
});

/** A date no other test uses (subscription_logs.date is unique): somewhere in the next centuries. */
const uniqueDate = () => {
  const day = new Date(Date.UTC(2100, 0, 1) + Math.floor(Math.random() * 200 * 365) * 86_400_000);
  return day.toISOString().slice(0, 10);
};

async function rawInsert<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T> {
  const rows = await sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  return rows[0]!;
}

describe('unique constraints', () => {
  it('refuse a second user with the same username, in any letter case', async () => {
    const user = await buildUser();
    await expect(buildUser({ username: user.username })).rejects.toBeInstanceOf(UniqueConstraintError);
    await expect(buildUser({ username: user.username.toUpperCase() })).rejects.toBeInstanceOf(
      UniqueConstraintError,
    );
  });

  it('refuse a second user with the same e-mail in any letter case, but allow many without one', async () => {
    const user = await buildUser();
    await expect(buildUser({ email: user.email!.toUpperCase() })).rejects.toBeInstanceOf(
      UniqueConstraintError,
    );
    await buildUser({ email: null });
    await expect(buildUser({ email: null })).resolves.toBeInstanceOf(User);
  });

  it('refuse a second post with the same slug', async () => {
    const post = await buildPost();
    await expect(buildPost({ slug: post.slug })).rejects.toBeInstanceOf(UniqueConstraintError);
  });

  it('refuse category and tag names differing only in letter case', async () => {
    const category = await buildCategory({ name: `Ćwiczenia ${uniqueSuffix()}` });
    await expect(buildCategory({ name: category.name.toLowerCase() })).rejects.toBeInstanceOf(
      UniqueConstraintError,
    );
    const tag = await buildTag({ name: `Żółw-${uniqueSuffix()}` });
    await expect(buildTag({ name: tag.name.toUpperCase() })).rejects.toBeInstanceOf(UniqueConstraintError);
  });

  it('refuse a second setting with the same key', async () => {
    const setting = await buildSetting();
    await expect(buildSetting({ key: setting.key })).rejects.toBeInstanceOf(UniqueConstraintError);
  });

  it('refuse the same e-mail subscribed twice to one category, but allow it for another', async () => {
    const subscription = await buildSubscription();
    await expect(
      buildSubscription({ categoryId: subscription.categoryId, email: subscription.email.toUpperCase() }),
    ).rejects.toBeInstanceOf(UniqueConstraintError);
    await expect(buildSubscription({ email: subscription.email })).resolves.toBeInstanceOf(UserSubscription);
  });

  it('refuse linking a post to the same category or tag twice', async () => {
    const [category, tag] = [await buildCategory(), await buildTag()];
    const post = await buildPost({ categories: [category], tags: [tag] });
    await expect(PostCategory.create({ postId: post.id, categoryId: category.id })).rejects.toBeInstanceOf(
      UniqueConstraintError,
    );
    await expect(PostTag.create({ postId: post.id, tagId: tag.id })).rejects.toBeInstanceOf(
      UniqueConstraintError,
    );
  });
});

describe('check constraints', () => {
  it('refuse an unknown role, a blank category name and a negative daily count', async () => {
    const checkViolation = { parent: expect.objectContaining({ code: '23514' }) };
    await expect(
      sequelize.query(`INSERT INTO users (username, password_hash, role) VALUES (:name, 'x', 'owner')`, {
        replacements: { name: `user-${uniqueSuffix()}` },
      }),
    ).rejects.toMatchObject(checkViolation);
    await expect(buildCategory({ name: '   ' })).rejects.toMatchObject(checkViolation);
    await expect(SubscriptionLog.create({ date: uniqueDate(), count: -1 })).rejects.toMatchObject(
      checkViolation,
    );
  });
});

describe('cascades', () => {
  it('delete the posts of a deleted author, and their comments', async () => {
    const author = await buildUser();
    const post = await buildPost({ author });
    const comment = await buildComment({ post });
    await author.destroy();
    expect(await Post.findByPk(post.id)).toBeNull();
    expect(await Comment.findByPk(comment.id)).toBeNull();
  });

  it('delete comments and category/tag links with their post, keeping categories and tags', async () => {
    const [category, tag] = [await buildCategory(), await buildTag()];
    const post = await buildPost({ categories: [category], tags: [tag] });
    const comment = await buildComment({ post });
    await post.destroy();
    expect(await Comment.findByPk(comment.id)).toBeNull();
    expect(await PostCategory.count({ where: { postId: post.id } })).toBe(0);
    expect(await PostTag.count({ where: { postId: post.id } })).toBe(0);
    expect(await Category.findByPk(category.id)).not.toBeNull();
  });

  it('delete the links of a deleted category, keeping its posts', async () => {
    const [kept, removed] = [await buildCategory(), await buildCategory()];
    const post = await buildPost({ categories: [kept, removed] });
    await removed.destroy();
    const reloaded = await Post.findByPk(post.id, { include: ['categories'] });
    expect(reloaded?.categories?.map((category) => category.id)).toEqual([kept.id]);
  });

  it('delete subscriptions of a deleted category; keep those of a deleted user, unlinked', async () => {
    const user = await buildUser();
    const subscription = await buildSubscription({ userId: user.id });
    await user.destroy();
    const orphan = await UserSubscription.findByPk(subscription.id);
    expect(orphan?.userId).toBeNull();
    await Category.destroy({ where: { id: subscription.categoryId } });
    expect(await UserSubscription.findByPk(subscription.id)).toBeNull();
  });
});

describe('defaults', () => {
  it('are applied by the database when a row leaves the columns out', async () => {
    const suffix = uniqueSuffix();
    const user = await rawInsert<{ role: string; is_active: boolean }>(
      `INSERT INTO users (username, password_hash) VALUES (:name, 'x') RETURNING role, is_active`,
      { name: `raw-${suffix}` },
    );
    expect(user).toEqual({ role: 'subscriber', is_active: true });
    const post = await rawInsert<{ published: boolean; content_text: string }>(
      `INSERT INTO posts (title, slug, content) VALUES ('Tytuł', :slug, '<p>x</p>') RETURNING published, content_text`,
      { slug: `raw-${suffix}` },
    );
    expect(post).toEqual({ published: true, content_text: '' });
    const category = await rawInsert<{ enabled: boolean }>(
      `INSERT INTO categories (name) VALUES (:name) RETURNING enabled`,
      { name: `raw-${suffix}` },
    );
    expect(category.enabled).toBe(true);
    const subscription = await rawInsert<{ active: boolean }>(
      `INSERT INTO user_subscriptions (category_id, email) VALUES ((SELECT id FROM categories WHERE name = :name), :email) RETURNING active`,
      { name: `raw-${suffix}`, email: `raw-${suffix}@example.com` },
    );
    expect(subscription.active).toBe(true);
    const setting = await rawInsert<{ encrypted: boolean }>(
      `INSERT INTO site_settings (key) VALUES (:key) RETURNING encrypted`,
      { key: `raw-${suffix}` },
    );
    expect(setting.encrypted).toBe(false);
    const log = await rawInsert<{ count: number }>(
      `INSERT INTO subscription_logs (date) VALUES (:date) RETURNING count`,
      { date: uniqueDate() },
    );
    expect(log.count).toBe(0);
    const event = await rawInsert<{ id: string; attempts: number }>(
      `INSERT INTO outbox_events (type, payload) VALUES ('test.raw', '{}') RETURNING id, attempts`,
      {},
    );
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.attempts).toBe(0);
  });

  it('are the same on the models', async () => {
    const user = await buildUser();
    expect([user.role, user.isActive]).toEqual(['subscriber', true]);
    const post = await buildPost();
    expect(post.published).toBe(true);
    expect((await buildCategory()).enabled).toBe(true);
    expect((await buildSubscription()).active).toBe(true);
    expect((await SiteSetting.create({ key: `model-${uniqueSuffix()}` })).encrypted).toBe(false);
    expect((await SubscriptionLog.create({ date: uniqueDate() })).count).toBe(0);
    expect((await buildContactMessage()).createdAt).toBeInstanceOf(Date);
  });
});
