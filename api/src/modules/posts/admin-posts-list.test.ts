// GET /api/admin/posts on the server: paging, search, filters, sorts and bad values.
import { describe, expect, it } from 'vitest';
import { buildCategory, buildPost, buildTag, uniqueSuffix } from '../../../test/factories.ts';
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP } from '../../http/list-total.ts';
import { itRejectsListQueries } from '../../../test/signed-in.ts';
import { PostCategory } from './post-category.model.ts';
import {
  admin,
  api,
  listAdminPosts as list,
  newAuthor,
  publisher,
  titles,
  useAdminPostsApi,
} from '../../../test/admin-posts.fixtures.ts';

useAdminPostsApi();

describe('GET /api/admin/posts: paging', () => {
  it('answers the envelope, 10 a page by default, newest first, a late page and a page past the end', async () => {
    const author = await newAuthor();
    for (let index = 1; index <= 23; index += 1)
      await buildPost({
        author,
        title: `Wpis numer ${index}`,
        createdAt: new Date(Date.UTC(2025, 0, index)),
      });
    const first = await list(`author=${author.id}`);
    expect(first).toMatchObject({ total: 23, page: 1, limit: 10, totalPages: 3 });
    expect(titles(first).slice(0, 2)).toEqual(['Wpis numer 23', 'Wpis numer 22']);
    expect(titles(await list(`author=${author.id}&page=3`))).toEqual([
      'Wpis numer 3',
      'Wpis numer 2',
      'Wpis numer 1',
    ]);
    const small = await list(`author=${author.id}&limit=5&page=2`);
    expect(small).toMatchObject({ total: 23, page: 2, limit: 5, totalPages: 5 });
    expect(titles(small)[0]).toBe('Wpis numer 18');
    expect(await list(`author=${author.id}&page=9`)).toMatchObject({ items: [], total: 23, totalPages: 3 });
  });

  it('gives each post every category as an id, its tags by name, and no author when it has none', async () => {
    const token = `relacje${uniqueSuffix().replace(/[^a-z0-9]/g, '')}`;
    const [first, disabled] = [await buildCategory(), await buildCategory({ enabled: false })];
    const [late, early] = [await buildTag({ name: `zz-${token}` }), await buildTag({ name: `aa-${token}` })];
    const author = await newAuthor();
    const both = await buildPost({
      title: `Obie ${token}`,
      author,
      categories: [disabled, first],
      tags: [late, early],
    });
    const orphan = await buildPost({ title: `Sierota ${token}`, author: null });
    const page = await list(`q=${token}&sort=title&order=asc`);
    expect(page.items.map((item) => item.id)).toEqual([both.id, orphan.id]);
    expect(page.items[0]).toMatchObject({
      author: { username: author.username },
      categories: [first.id, disabled.id].sort((a, b) => a - b),
      tags: [early.name, late.name],
    });
    expect(page.items[1]).toMatchObject({ author: null, categories: [], tags: [] });
  });

  it('an empty result still has one page', async () => {
    const author = await newAuthor();
    expect(await list(`author=${author.id}`)).toEqual({
      items: [],
      total: 0,
      page: 1,
      limit: 10,
      totalPages: 1,
      totalExact: true,
    });
  });
});

describe('GET /api/admin/posts: search, filters, sorts', () => {
  it('searches title, slug, excerpt and tags, case-insensitive, Polish letters included', async () => {
    const author = await newAuthor();
    const tag = await buildTag({ name: `gęślą-${author.id}` });
    const inTitle = await buildPost({ author, title: 'Zażółć GĘŚLĄ jaźń' });
    const inSlug = await buildPost({ author, slug: `kot-w-butach-${author.id}` });
    const inExcerpt = await buildPost({ author, excerpt: 'Pchnąć w tę łódź jeża' });
    const tagged = await buildPost({ author, tags: [tag] });
    await buildPost({ author, title: 'Nic wspólnego' });
    const ids = async (q: string) =>
      (await list(`author=${author.id}&q=${encodeURIComponent(q)}`)).items.map((post) => post.id).sort();
    expect(await ids('gęślą')).toEqual([inTitle.id, tagged.id].sort());
    expect(await ids('  ZAŻÓŁĆ ')).toEqual([inTitle.id]);
    expect(await ids('W-BUTACH')).toEqual([inSlug.id]);
    expect(await ids('ŁÓDŹ')).toEqual([inExcerpt.id]);
    // One or two letters (the index of letters and pairs, then the LIKE), tags included.
    expect(await ids('ŹŃ')).toEqual([inTitle.id]);
    expect(await ids('łó')).toEqual([inExcerpt.id]);
    expect(await ids('ż')).toEqual([inTitle.id, inExcerpt.id].sort());
    expect(await ids('ęś')).toEqual([inTitle.id, tagged.id].sort());
    expect(await ids('qx')).toEqual([]);
    // LIKE's wildcards are text like any other.
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    // Blank is no search.
    expect(await ids('   ')).toHaveLength(5);
  });

  it('counts a post found by its text and by its tag once, with the other filters', async () => {
    const author = await newAuthor();
    const tag = await buildTag({ name: `żuraw-${author.id}` });
    await buildPost({ author, title: 'Żuraw nad stawem', tags: [tag] });
    await buildPost({ author, tags: [tag] });
    await buildPost({ author, excerpt: 'Klucz żurawi' });
    await buildPost({ author, tags: [tag], published: false });
    await buildPost({ author, title: 'Czapla' });
    expect(await list(`author=${author.id}&q=${encodeURIComponent('żuraw')}`)).toMatchObject({
      total: 4,
      totalExact: true,
    });
    expect(
      await list(`author=${author.id}&status=draft&q=${encodeURIComponent('ŻURAW')}&limit=1`),
    ).toMatchObject({ total: 1, totalPages: 1 });
  });

  it('filters by status (as the screen shows it), author and category', async () => {
    const author = await newAuthor();
    const shown = await buildCategory();
    const hiddenCategory = await buildCategory({ enabled: false });
    const published = await buildPost({ author, categories: [shown] });
    const hidden = await buildPost({ author, categories: [hiddenCategory] });
    const draft = await buildPost({ author, categories: [shown], published: false });
    const scheduled = await buildPost({
      author,
      published: false,
      scheduledAt: new Date(Date.now() + 3_600_000),
    });
    const one = async (query: string) => (await list(`author=${author.id}&${query}`)).items.map((p) => p.id);
    expect(await one('status=published')).toEqual([published.id]);
    expect(await one('status=hidden')).toEqual([hidden.id]);
    expect(await one('status=draft')).toEqual([draft.id]);
    expect(await one('status=scheduled')).toEqual([scheduled.id]);
    expect((await one(`category=${shown.id}`)).sort()).toEqual([published.id, draft.id].sort());
    expect(await one(`category=${shown.id}&status=draft`)).toEqual([draft.id]);
    // One per page: the rest counted, by the category alone (its rows) and with another filter.
    expect(await list(`category=${shown.id}&limit=1`)).toMatchObject({ total: 2, totalExact: true });
    expect(await list(`category=${shown.id}&author=${author.id}&limit=1`)).toMatchObject({ total: 2 });
    const other = await newAuthor();
    const theirs = await buildPost({ author: other });
    expect((await list(`author=${other.id}`)).items.map((p) => p.id)).toEqual([theirs.id]);
  });

  it('sorts by title, creation and last change, either way, ties broken by id', async () => {
    const author = await newAuthor();
    const day = (d: number) => new Date(Date.UTC(2025, 1, d));
    for (const [title, created, updated] of [
      ['Bravo', 1, 9],
      ['Alfa', 2, 3],
      ['Charlie', 3, 1],
    ] as const) {
      const post = await buildPost({ author, title, createdAt: day(created) });
      // Sequelize stamps updated_at itself on create: set the moment of the last change by hand.
      await api.runtime.sequelize.query('UPDATE posts SET updated_at = :at WHERE id = :id', {
        replacements: { at: day(updated), id: post.id },
      });
    }
    const sorted = async (query: string) => titles(await list(`author=${author.id}&${query}`));
    expect(await sorted('sort=title&order=asc')).toEqual(['Alfa', 'Bravo', 'Charlie']);
    expect(await sorted('sort=title&order=desc')).toEqual(['Charlie', 'Bravo', 'Alfa']);
    expect(await sorted('order=asc')).toEqual(['Bravo', 'Alfa', 'Charlie']);
    expect(await sorted('sort=updatedAt')).toEqual(['Bravo', 'Alfa', 'Charlie']);
  });

  it('„Ukryte” and „Opublikowane” follow every change of the categories (in_visible_category triggers)', async () => {
    const author = await newAuthor();
    const first = await buildCategory();
    const second = await buildCategory({ enabled: false });
    const post = await buildPost({ author, categories: [first] });
    const status = async () => {
      const [published, hidden] = await Promise.all([
        list(`author=${author.id}&status=published`),
        list(`author=${author.id}&status=hidden`),
      ]);
      return { published: published.items.length, hidden: hidden.items.length };
    };
    const toggle = async (category: { id: number }) =>
      expect(
        (await admin.call('PATCH', `/api/admin/categories/${category.id}/toggle-visibility`)).status,
      ).toBe(200);
    expect(await status()).toEqual({ published: 1, hidden: 0 });
    await toggle(first); // its only category hidden
    expect(await status()).toEqual({ published: 0, hidden: 1 });
    await PostCategory.create({ postId: post.id, categoryId: second.id });
    expect(await status()).toEqual({ published: 0, hidden: 1 });
    await toggle(second); // a second category shown
    expect(await status()).toEqual({ published: 1, hidden: 0 });
    await toggle(first);
    await PostCategory.destroy({ where: { postId: post.id, categoryId: second.id } });
    expect(await status()).toEqual({ published: 1, hidden: 0 });
    expect((await admin.call('DELETE', `/api/admin/categories/${first.id}`)).status).toBe(200);
    expect(await status()).toEqual({ published: 0, hidden: 1 }); // no category left
    await PostCategory.create({ postId: post.id, categoryId: second.id });
    expect(await status()).toEqual({ published: 1, hidden: 0 });
    await PostCategory.update(
      { categoryId: (await buildCategory({ enabled: false })).id },
      { where: { postId: post.id } },
    );
    expect(await status()).toEqual({ published: 0, hidden: 1 });
  });

  it('a publisher lists every post (they manage only their own), as an admin does', async () => {
    const author = await newAuthor();
    const post = await buildPost({ author });
    expect((await list(`author=${author.id}`, publisher)).items.map((p) => p.id)).toEqual([post.id]);
  });
});

describe('GET /api/admin/posts: totals past 10,000 matches', () => {
  it('stops counting at 10,000 and says so; a last page and a page past the end are exact', async () => {
    const author = await newAuthor();
    const count = LIST_COUNT_CAP + 25;
    // By SQL: ten thousand posts through the factory would take minutes.
    await api.runtime.sequelize.query(
      `INSERT INTO posts (title, slug, content, content_text, published, user_id, created_at, updated_at)
         SELECT 'Masowy ' || i, 'masowy-' || :author || '-' || i, '<p>x</p>', 'x', false, :author,
                now() - make_interval(secs => i), now()
           FROM generate_series(1, :count) i`,
      { replacements: { author: author.id, count } },
    );
    const first = await list(`author=${author.id}`);
    expect(first).toMatchObject({ total: LIST_COUNT_CAP + 1, totalExact: false, totalPages: 1001 });
    expect(titles(first)[0]).toBe('Masowy 1');
    // Deeper than the cap: the total stays a lower bound one page ahead, so „next” stays available.
    const deep = await list(`author=${author.id}&page=1001&limit=10`);
    expect(deep).toMatchObject({ total: 10_011, totalExact: false, totalPages: 1002 });
    expect(titles(deep)[0]).toBe('Masowy 10001');
    const last = await list(`author=${author.id}&page=1003`);
    expect(last).toMatchObject({ total: count, totalExact: true, totalPages: 1003 });
    expect(titles(last)).toEqual([
      'Masowy 10021',
      'Masowy 10022',
      'Masowy 10023',
      'Masowy 10024',
      'Masowy 10025',
    ]);
    expect(await list(`author=${author.id}&page=2000`)).toMatchObject({
      items: [],
      total: count,
      totalExact: true,
      totalPages: 1003,
    });
    // A search stops counting at 1,000; narrowed under that, it counts exactly again.
    expect(await list(`author=${author.id}&q=masowy`)).toMatchObject({
      total: LIST_SEARCH_COUNT_CAP + 1,
      totalExact: false,
      totalPages: 101,
    });
    const searchedDeep = await list(`author=${author.id}&q=masowy&page=101`);
    expect(searchedDeep).toMatchObject({ total: 1011, totalExact: false, totalPages: 102 });
    expect(titles(searchedDeep)[0]).toBe('Masowy 1001');
    expect(await list(`author=${author.id}&q=masowy&page=1003`)).toMatchObject({
      total: count,
      totalExact: true,
    });
    const narrowed = await list(`author=${author.id}&q=${encodeURIComponent('masowy 100')}`);
    // The category filter alone is counted in post_categories: the same totals.
    const category = await buildCategory();
    await api.runtime.sequelize.query(
      `INSERT INTO post_categories (post_id, category_id) SELECT id, :category FROM posts WHERE user_id = :author`,
      { replacements: { author: author.id, category: category.id } },
    );
    expect(await list(`category=${category.id}`)).toMatchObject({
      total: LIST_COUNT_CAP + 1,
      totalExact: false,
    });
    expect(await list(`category=${category.id}&page=2000`)).toMatchObject({ total: count, totalExact: true });
    expect(narrowed).toMatchObject({ total: 1 + 10 + 26, totalExact: true });
  });
});

describe('GET /api/admin/posts: bad values', () => {
  itRejectsListQueries('/api/admin/posts', () => admin, [
    ['page=0', 'page', 'Numer strony musi być liczbą całkowitą od 1 do 100000.'],
    ['page=abc', 'page', 'Numer strony musi być liczbą całkowitą od 1 do 100000.'],
    ['page=100001', 'page', 'Numer strony musi być liczbą całkowitą od 1 do 100000.'],
    ['page=1&page=2', 'page', 'Numer strony musi być liczbą całkowitą od 1 do 100000.'],
    ['limit=101', 'limit', 'Liczba wyników na stronie musi być liczbą całkowitą od 1 do 100.'],
    ['limit=-1', 'limit', 'Liczba wyników na stronie musi być liczbą całkowitą od 1 do 100.'],
    ['limit=2.5', 'limit', 'Liczba wyników na stronie musi być liczbą całkowitą od 1 do 100.'],
    [`q=${'a'.repeat(101)}`, 'q', 'Wyszukiwana fraza może mieć najwyżej 100 znaków.'],
    ['sort=content', 'sort', 'Nieprawidłowe pole sortowania.'],
    ['order=up', 'order', 'Kierunek sortowania musi mieć wartość asc lub desc.'],
    ['status=deleted', 'status', 'Nieprawidłowy status.'],
    ['author=x', 'author', 'Nieprawidłowy identyfikator.'],
    ['category=0', 'category', 'Nieprawidłowy identyfikator.'],
    ['category=99999999999', 'category', 'Nieprawidłowy identyfikator.'],
  ]);
});
