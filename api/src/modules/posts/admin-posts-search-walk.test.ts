// GET /api/admin/posts on the server: searches whose pages walk the list (common words, dense ones, one tag's name) and the public search's stages.
import { describe, expect, it } from 'vitest';
import { buildPost, buildTag, uniqueSuffix } from '../../../test/factories.ts';
import { LIST_SEARCH_COUNT_CAP } from '../../http/list-total.ts';
import { DENSE_MIN_POSTS, DENSE_SAMPLE, WALK_PROBES } from './admin-posts.search-page.ts';
import {
  api,
  listAdminPosts as list,
  newAuthor,
  titles,
  useAdminPostsApi,
} from '../../../test/admin-posts.fixtures.ts';

useAdminPostsApi();

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
