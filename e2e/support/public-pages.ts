import { type Category, Comment, Post, type Tag } from '@blog/api/models';
import { QueryTypes } from 'sequelize';
import { VISIBLE_POST_SQL } from '@blog/api/posts/queries';
import { categoryPath, tagPath } from '@blog/shared/addresses';
import { DEMO_POSTS } from '@blog/api/seed';
import { buildUser, type TestApi, uniqueSuffix } from '@blog/api/testing';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Every public page a reader can land on, as served paths: home, the list (plain, searched, paged), an
 * article with comments, a category page and a tag page (its first category and tag), about, contact,
 * cookies, an unknown path, an unknown article, an unknown category and an unknown tag.
 */
export async function publicPaths(): Promise<string[]> {
  const commented = await newestDemoPost({ commented: true });
  const { category, tag } = await archivesOf(commented);
  const word = commented.title.split(/\s+/).find((part) => part.length > 4) ?? commented.title;
  return [
    '/',
    '/posts',
    `/posts?q=${encodeURIComponent(word.toLowerCase())}`,
    '/posts?page=2',
    `/post/${commented.slug}`,
    categoryPath(category),
    tagPath(tag.name),
    '/about',
    '/contact',
    '/cookies',
    '/to/nie/istnieje',
    '/post/nie-ma-takiego-artykulu',
    '/kategoria/2147483647-nie-ma-takiej',
    '/tag/nie-ma-takiego-tagu',
  ];
}

/**
 * The posts a reader sees, newest first, as the public list orders them: the product's own rule
 * (VISIBLE_POST_SQL: published and in at least one enabled category; a post a journey left without its
 * only category is in no list, and must not be expected in one).
 */
export function visiblePostsNewestFirst(
  limit?: number,
): Promise<{ id: number; title: string; slug: string }[]> {
  return Post.sequelize!.query(
    `SELECT p.id, p.title, p.slug FROM posts p WHERE ${VISIBLE_POST_SQL}
      ORDER BY p.created_at DESC, p.id DESC ${limit === undefined ? '' : 'LIMIT :limit'}`,
    { type: QueryTypes.SELECT, replacements: { limit: limit ?? null } },
  );
}

/**
 * The newest published post of the seeded demo content (a category, tags, comments, local images), not
 * one another e2e file wrote in the shared database (an outside image that cannot load here, no tag, a
 * body set without its text).
 */
export async function newestDemoPost({ commented = false } = {}): Promise<Post> {
  const post = await Post.findOne({
    where: { published: true, slug: DEMO_POSTS.map((demo) => demo.slug) },
    include: commented ? [{ model: Comment, required: true }] : [],
    order: [['createdAt', 'DESC']],
  });
  if (!post) throw new Error(`the demo content has no published${commented ? ', commented' : ''} post`);
  return post;
}

/** The first visible category and the first tag of a visible post (the demo posts have both). */
export async function archivesOf(post: Post): Promise<{ category: Category; tag: Tag }> {
  const [category] = await post.$get('categories', { where: { enabled: true }, order: [['name', 'ASC']] });
  const [tag] = await post.$get('tags', { order: [['name', 'ASC']] });
  if (!category || !tag) throw new Error(`post ${post.slug} has no visible category or no tag`);
  return { category, tag };
}

/**
 * Signs the browser context in as a new admin through the API (its session cookie lands in the context).
 */
export async function signInContext(context: BrowserContext, product: TestApi): Promise<void> {
  const password = 'Haslo-e2e-123!';
  const user = await buildUser({ username: `e2e-ssr-${uniqueSuffix()}`, role: 'admin', password });
  const base = `http://127.0.0.1:${product.port}`;
  const token = (await (await context.request.get(`${base}/api/csrf-token`)).json()) as { csrfToken: string };
  const login = await context.request.post(`${base}/api/login`, {
    headers: { 'x-csrf-token': token.csrfToken },
    data: { username: user.username, password },
  });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
}

/** Waits until the app has hydrated the server's page (web/src/app.tsx sets the marker). */
export const hydrated = (page: Page, timeout = 15_000) =>
  page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout });
