// GET /api/admin/posts on the server: paging, search, filters, sorts and bad values.
import type { AdminPostPage } from '@blog/shared';
import { describe, expect, it } from 'vitest';
import { buildCategory, buildPost, buildTag, buildUser, uniqueSuffix } from '../../../test/factories.ts';
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP } from '../../http/list-total.ts';
import { itRejectsListQueries } from '../../../test/signed-in.ts';
import { PostCategory } from './post-category.model.ts';
import { DENSE_MIN_POSTS, DENSE_SAMPLE, WALK_PROBES } from './admin-posts.search-page.ts';
import { admin, api, publisher, useAdminPostsApi } from '../../../test/admin-posts.fixtures.ts';

useAdminPostsApi();

async function list(query: string, browser = admin): Promise<AdminPostPage> {
  const res = await browser.call('GET', `/api/admin/posts?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminPostPage;
}

const titles = (page: AdminPostPage) => page.items.map((post) => post.title);

/** An author of their own, so a test's filter sees only its own posts. */
const newAuthor = () => buildUser({ role: 'publisher' });

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

describe('GET /api/admin/posts: a word only the text holds (the public search’s stages)', () => {
  /**
   * `count` posts titled `series` 1…count, one a second from `from` seconds after 2030-01-01 (newer
   * than the other tests' posts), with `word` in their text only: the typed search (title, slug,
   * excerpt, tags) finds none, the public search's stages do.
   */
  async function postsWithWord(word: string, series: string, count: number, from: number, author?: number) {
    const [rows] = await api.runtime.sequelize.query(
      `INSERT INTO posts (title, slug, content, content_text, published, user_id, created_at, updated_at)
         SELECT :series || ' ' || i, lower(:series) || '-' || i, '<p>x</p>',
                'Zdanie ze słowem ' || :word || ' w treści.', true, :author,
                timestamp '2030-01-01' + make_interval(secs => :from + i), now()
           FROM generate_series(1, :count) i RETURNING id`,
      { replacements: { word, series, count, from, author: author ?? null } },
    );
    return (rows as { id: number }[]).map((row) => row.id);
  }
  const letters = () =>
    uniqueSuffix()
      .replace(/[^a-f]/g, '')
      .padEnd(4, 'x');
  const numbers = async (query: string) =>
    titles(await list(query)).map((title) => Number(title.split(' ').at(-1)));
  const run = (from: number, length: number, step = -1) => Array.from({ length }, (_, i) => from + step * i);

  it('pages a word of over 1,000 posts in the list’s order, also when the first posts of that order lack it', async () => {
    const [common, sparse] = [`czestosc${letters()}`, `rzadkosc${letters()}`];
    // The sparse word's posts are older than the common word's, which are more than WALK_PROBES.
    const older = await postsWithWord(sparse, `Rzadka ${letters()}`, LIST_SEARCH_COUNT_CAP + 30, 0);
    const newer = await postsWithWord(common, `Czesta ${letters()}`, WALK_PROBES + 40, 100_000);
    for (const [word, count] of [
      [common, newer.length],
      [sparse, older.length],
    ] as const) {
      expect(await list(`q=${word}`)).toMatchObject({
        total: LIST_SEARCH_COUNT_CAP + 1,
        totalExact: false,
        totalPages: 101,
      });
      expect(await numbers(`q=${word}`)).toEqual(run(count, 10));
      expect(await numbers(`q=${word}&page=3&limit=5`)).toEqual(run(count - 10, 5));
      expect(await numbers(`q=${word}&order=asc`)).toEqual(run(1, 10, 1));
    }
    await api.runtime.sequelize.query('DELETE FROM posts WHERE id IN (:ids)', {
      replacements: { ids: [...older, ...newer] },
    });
  });

  it('counts two words found together in over 1,000 posts, walking the list in a large table, and exactly when the newest only hold them', async () => {
    const [first, second, third, fourth] = ['pierwsze', 'drugie', 'trzecie', 'czwarte'].map(
      (word) => `${word}${letters()}`,
    );
    // In the text in the other order, so that no phrase matches and every word is looked up on its own.
    // Each set by an author of its own, whose list it leads.
    const [manyAuthor, fewAuthor] = [await newAuthor(), await newAuthor()];
    const many = await postsWithWord(
      `${second} i ${first}`,
      `Para ${letters()}`,
      LIST_SEARCH_COUNT_CAP + 30,
      400_000,
      manyAuthor.id,
    );
    // More than half of the list's first posts, but fewer than the cap: a walk falls short.
    const few = await postsWithWord(
      `${fourth} i ${third}`,
      `Dwojka ${letters()}`,
      DENSE_SAMPLE + 20,
      500_000,
      fewAuthor.id,
    );
    const both = `q=${encodeURIComponent(`${first} ${second}`)}&author=${manyAuthor.id}`;
    const newest = `q=${encodeURIComponent(`${third} ${fourth}`)}&author=${fewAuthor.id}`;
    const answers = async () => [
      await list(both),
      await numbers(`${both}&page=2&limit=4`),
      await numbers(`${both}&order=asc&limit=3`),
      await list(newest),
      await numbers(`${newest}&page=13`),
      await numbers(`${newest}&page=12`),
    ];
    const small = await answers();
    expect(small[0]).toMatchObject({ total: LIST_SEARCH_COUNT_CAP + 1, totalExact: false });
    expect(small.slice(1, 3)).toEqual([run(many.length - 4, 4), run(1, 3, 1)]);
    expect(small[3]).toMatchObject({ total: few.length, totalExact: true });
    expect(small.slice(4)).toEqual([[], run(10, 10)]);
    // The planner's estimate of a large table (this database's own; ANALYZE puts it back): the dense
    // searches walk the list instead, with the same answers.
    await api.runtime.sequelize.query('ANALYZE posts');
    await api.runtime.sequelize.query(
      `UPDATE pg_class SET reltuples = :posts WHERE oid = 'posts'::regclass`,
      {
        replacements: { posts: DENSE_MIN_POSTS },
      },
    );
    expect(await answers()).toEqual(small);
    await api.runtime.sequelize.query('DELETE FROM posts WHERE id IN (:ids)', {
      replacements: { ids: [...many, ...few] },
    });
    await api.runtime.sequelize.query('ANALYZE posts');
  });

  it('counts a few posts exactly, with filters too, and finds none of a word no post holds', async () => {
    const author = await newAuthor();
    const word = `kilkakrotnie${letters()}`;
    const mine = await postsWithWord(word, `Moja ${letters()}`, 12, 200_000, author.id);
    const others = await postsWithWord(word, `Obca ${letters()}`, 3, 300_000);
    expect(await list(`q=${word}`)).toMatchObject({ total: 15, totalExact: true, totalPages: 2 });
    expect(await numbers(`q=${word}&limit=5`)).toEqual([...run(3, 3), ...run(12, 2)]);
    expect(await list(`q=${word}&author=${author.id}&page=2`)).toMatchObject({ total: 12, totalExact: true });
    expect(await numbers(`q=${word}&author=${author.id}&page=2`)).toEqual([2, 1]);
    expect(await list(`q=${word}&status=draft`)).toMatchObject({ items: [], total: 0 });
    expect(await list(`q=nieobecny${letters()}`)).toMatchObject({ items: [], total: 0, totalExact: true });
    await api.runtime.sequelize.query('DELETE FROM posts WHERE id IN (:ids)', {
      replacements: { ids: [...mine, ...others] },
    });
  });
});

describe('GET /api/admin/posts: one tag’s name', () => {
  it('pages and counts a tag of over 1,000 posts, and a few, each post once (no other filter)', async () => {
    const letters = uniqueSuffix()
      .replace(/[^a-f]/g, '')
      .padEnd(4, 'x');
    const [tag, few] = [
      await buildTag({ name: `znacznik${letters}` }),
      await buildTag({ name: `etykieta${letters}` }),
    ];
    const [rows] = await api.runtime.sequelize.query(
      `INSERT INTO posts (title, slug, content, content_text, published, created_at, updated_at)
         SELECT 'Oznaczony ' || :letters || ' ' || i, 'oznaczony-' || :letters || '-' || i, '<p>x</p>', 'x', true,
                timestamp '2031-01-01' + make_interval(secs => i), now()
           FROM generate_series(1, :count) i RETURNING id`,
      { replacements: { letters, count: WALK_PROBES + 40 } },
    );
    const ids = (rows as { id: number }[]).map((row) => row.id);
    await api.runtime.sequelize.query(
      'INSERT INTO post_tags (post_id, tag_id) SELECT unnest(ARRAY[:ids]::int[]), :tag',
      { replacements: { ids, tag: tag.id } },
    );
    const numbers = async (query: string) =>
      titles(await list(query)).map((title) => Number(title.split(' ').at(-1)));
    expect(await list(`q=${tag.name}`)).toMatchObject({
      total: LIST_SEARCH_COUNT_CAP + 1,
      totalExact: false,
    });
    expect(await numbers(`q=${tag.name}&limit=3`)).toEqual([ids.length, ids.length - 1, ids.length - 2]);
    expect(await numbers(`q=${tag.name}&order=asc&limit=2`)).toEqual([1, 2]);
    // A few: the tag's posts and the posts with its name in the title, one with both counted once.
    const both = await buildPost({ title: `O ${few.name} i nie tylko`, tags: [few] });
    const tagged = await buildPost({ title: 'Bez nazwy w tytule', tags: [few] });
    const named = await buildPost({ excerpt: `Zajawka: ${few.name}` });
    const page = await list(`q=${few.name}&sort=title&order=asc`);
    expect(page).toMatchObject({ total: 3, totalExact: true });
    expect(page.items.map((post) => post.id).sort()).toEqual([both.id, tagged.id, named.id].sort());
    await api.runtime.sequelize.query('DELETE FROM posts WHERE id IN (:ids)', {
      replacements: { ids: [...ids, both.id, tagged.id, named.id] },
    });
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
