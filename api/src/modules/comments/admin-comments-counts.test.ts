// The exact comment counts of the admin list (comment_list_counts, per status and week: migrations
// 20261128120000 and 20261128130000): kept true by triggers under concurrent writes, built from the
// comments already there when migrating (and back), read by GET /api/admin/comments, and the pages
// walked from a week or the far end equal to the same pages walked from the start.
import type { AdminCommentPage } from '@blog/shared';
import pg from 'pg';
import { Sequelize, Transaction } from 'sequelize';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { down as weeksDown } from '../../db/migrations/20261128130000-comment-list-weeks.ts';
import type { MigrationContext } from '../../db/migrations/index.ts';
import { createScratchDatabase } from '../../db/scratch-database.ts';
import type { TestBrowser } from '../../../test/browser.ts';
import { buildPost } from '../../../test/factories.ts';
import { testApiForFile } from '../../../test/file-api.ts';
import { signedInAs } from '../../../test/signed-in.ts';
import { selectRowsOn } from '../../../test/sql.ts';
import { whileQuiet } from '../../../test/while-quiet.ts';

let admin: TestBrowser;

const api = testApiForFile({ TRUST_PROXY: '1' });
beforeAll(async () => {
  admin = await signedInAs(api, 'admin');
});

const select = selectRowsOn(api);

/**
 * The counts' sums beside count(*) per status and week (migration 20261128130000), in one statement
 * (one snapshot): equal whatever runs beside. A week only one side has shows up with the other's 0.
 */
const COUNTS_AND_ROWS = `
  SELECT status, week, coalesce(sum(counted), 0)::int AS counted, coalesce(sum(actual), 0)::int AS actual
    FROM (SELECT status, week, n AS counted, 0 AS actual FROM comment_list_counts
          UNION ALL
          SELECT status, blog_comment_week(created_at), 0, 1 FROM comments) both_sides
   GROUP BY status, week`;

async function expectCountsExact() {
  const rows = await select<{ status: string; week: Date; counted: number; actual: number }>(COUNTS_AND_ROWS);
  const wrong = rows.filter((row) => row.counted !== row.actual);
  expect(wrong).toEqual([]);
}

/** `count` comments on the post by SQL, every third pending; their ids. */
async function insertComments(post: number, count: number) {
  const rows = await select<{ id: number; status: string }>(
    `INSERT INTO comments (post_id, author, email, content, status)
       SELECT :post, 'Licznik ' || i, 'licznik@example.com', 'Treść', CASE WHEN i % 3 = 0 THEN 'pending' ELSE 'approved' END
         FROM generate_series(1, :count) i
     RETURNING id, status`,
    { post, count },
  );
  return rows;
}

async function list(query: string): Promise<AdminCommentPage> {
  const res = await admin.call('GET', `/api/admin/comments?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AdminCommentPage;
}

describe('comment_list_counts', () => {
  it('stays exact per status and week under concurrent inserts, deletes, approvals, moves to another week, post deletes (cascade) and rollbacks', async () => {
    const posts = await Promise.all([1, 2, 3].map(() => buildPost()));
    const written = await Promise.all(posts.map((post) => insertComments(post.id, 30)));
    const pending = written.flat().filter((row) => row.status === 'pending');
    const [first, second] = written;
    // Every call must do what it asks, or the counts would be checked against writes that never
    // happened; an approval may find its comment already gone with the post deleted beside it.
    const succeeds = async (call: Promise<Response>, orGone = false) => {
      const res = await call;
      const expected = orGone && res.status === 404 ? 404 : 200;
      expect(res.status, `${res.url}: ${await res.clone().text()}`).toBe(expected);
    };
    await Promise.all([
      ...pending
        .slice(0, 12)
        .map((row) => succeeds(admin.call('POST', `/api/admin/comments/${row.id}/approve`), true)),
      ...first!.slice(0, 5).map((row) => succeeds(admin.call('DELETE', `/api/admin/comments/${row.id}`))),
      succeeds(
        admin.call('POST', '/api/admin/comments/bulk-delete', {
          ids: second!.slice(0, 10).map((row) => row.id),
        }),
      ),
      succeeds(admin.call('DELETE', `/api/admin/posts/${posts[2]!.id}`)),
      ...posts.slice(0, 2).map((post) => insertComments(post.id, 15)),
      api.runtime.sequelize.query(
        `UPDATE comments SET status = 'pending' WHERE post_id = :post AND id % 2 = 0`,
        {
          replacements: { post: posts[1]!.id },
        },
      ),
      // Moves comments to other weeks (and some to the other status): the weekly counts follow.
      api.runtime.sequelize.query(
        `UPDATE comments SET created_at = created_at - interval '9 days',
                status = CASE WHEN id % 2 = 0 THEN 'approved' ELSE status END
          WHERE post_id = :post AND id % 3 = 0`,
        { replacements: { post: posts[0]!.id } },
      ),
      api.runtime.sequelize
        .transaction(async (transaction) => {
          await api.runtime.sequelize.query(
            `INSERT INTO comments (post_id, author, email, content) VALUES (:post, 'Cofnięty', 'c@example.com', 'x')`,
            { replacements: { post: posts[0]!.id }, transaction },
          );
          throw new Error('rolled back');
        })
        .catch(() => undefined),
      api.runtime.sequelize.transaction(
        { isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ },
        (transaction) =>
          api.runtime.sequelize.query(
            `INSERT INTO comments (post_id, author, email, content, status) VALUES (:post, 'RR', 'rr@example.com', 'x', 'pending')`,
            { replacements: { post: posts[0]!.id }, transaction },
          ),
      ),
    ]);
    await expectCountsExact();
    expect(
      (
        await select<{ n: number }>('SELECT count(*)::int AS n FROM comments WHERE post_id = :post', {
          post: posts[2]!.id,
        })
      )[0]!.n,
    ).toBe(0);
  });

  it('a writer never waits for another one folding the counts', async () => {
    const post = await buildPost();
    await api.runtime.sequelize.transaction(async (transaction) => {
      // This writer folds (it holds the lock and has deleted the rows it folded) and stays open …
      await api.runtime.sequelize.query(
        "SELECT pg_advisory_xact_lock(hashtext('blog:comment-list-counts'))",
        {
          transaction,
        },
      );
      await api.runtime.sequelize.query(
        `INSERT INTO comments (post_id, author, email, content) VALUES (:post, 'Pierwszy', 'p@example.com', 'x')`,
        { replacements: { post: post.id }, transaction },
      );
      // … while another one writes: it leaves its delta and goes on.
      await api.runtime.sequelize.transaction(async (other) => {
        await api.runtime.sequelize.query(`SET LOCAL statement_timeout = '3s'`, { transaction: other });
        await api.runtime.sequelize.query(
          `INSERT INTO comments (post_id, author, email, content) VALUES (:post, 'Drugi', 'd@example.com', 'x')`,
          { replacements: { post: post.id }, transaction: other },
        );
      });
    });
    await expectCountsExact();
  });

  it('the next writer of a week folds the deltas others left there, and only its own weeks', async () => {
    const post = await buildPost();
    // A week no other file writes: 1985-03-04 was a Monday.
    const write = (at: string) =>
      api.runtime.sequelize.query(
        `INSERT INTO comments (post_id, author, email, content, created_at) VALUES (:post, 'Tydzień', 't@example.com', 'x', :at)`,
        { replacements: { post: post.id, at } },
      );
    const rows = async () =>
      (
        await select<{ n: number }>(
          `SELECT n::int FROM comment_list_counts WHERE status = 'approved' AND week = '1985-03-04T00:00:00Z' ORDER BY n`,
        )
      ).map((row) => row.n);
    try {
      await api.runtime.sequelize.transaction(async (transaction) => {
        // Another writer folding: these three cannot, each leaves its delta.
        await api.runtime.sequelize.query(
          "SELECT pg_advisory_xact_lock(hashtext('blog:comment-list-counts'))",
          {
            transaction,
          },
        );
        for (const day of ['05', '06', '10']) await write(`1985-03-${day}T12:00:00Z`);
      });
      expect(await rows()).toEqual([1, 1, 1]);
      await write('1985-03-03T23:59:59Z'); // the week before: this week's deltas stay
      expect(await rows()).toEqual([1, 1, 1]);
      // Another file's writer may fold at that very moment (this one then leaves a delta): once more.
      let written = 3;
      do {
        await write('1985-03-08T00:00:00Z');
        written += 1;
      } while ((await rows()).length > 1 && written < 8);
      expect(await rows()).toEqual([written]);
      await expectCountsExact();
    } finally {
      await select('DELETE FROM comments WHERE post_id = :post', { post: post.id });
    }
  });

  it('ignores rows written to it directly (a restore copying it while the triggers count the comments)', async () => {
    await api.runtime.sequelize.query(
      `INSERT INTO comment_list_counts (status, week, n) VALUES ('approved', blog_comment_week(now()), 1000)`,
    );
    await expectCountsExact();
  });

  it('counts the comments already there when migrating to weeks, and per status again on the way back', async () => {
    const database = await createScratchDatabase(inject('adminDatabaseUrl'), 'blog_scratch_comment_weeks');
    const client = new pg.Client({ connectionString: database.url });
    // Without models: the API's Sequelize keeps them (as db/migrate.ts does).
    const migrating = new Sequelize(database.url, { dialect: 'postgres', logging: false });
    try {
      await runMigrations(database.url, { to: '20261128120000-comment-list-counts' });
      await client.connect();
      await client.query(`
        INSERT INTO users (username, email, password_hash, role, display_name) VALUES ('a', 'a@example.com', 'x', 'publisher', 'A');
        INSERT INTO posts (title, slug, content, content_text, excerpt, published, user_id)
          SELECT 'Wpis', 'wpis', '<p>x</p>', 'x', 'x', true, id FROM users;
        INSERT INTO comments (post_id, author, email, content, status, created_at)
          SELECT p.id, 'A', 'a@example.com', 'x', CASE WHEN i % 4 = 0 THEN 'pending' ELSE 'approved' END,
                 timestamptz '2001-01-01' + make_interval(hours => i * 29)
            FROM posts p, generate_series(1, 200) i;`);
      await runMigrations(database.url);
      const wrong = await client.query(`${COUNTS_AND_ROWS} HAVING sum(counted) <> sum(actual)`);
      expect(wrong.rows).toEqual([]);
      const weeks = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM comment_list_counts');
      expect(weeks.rows[0]!.n).toBeGreaterThan(2 * 30);
      await weeksDown({
        name: '20261128130000-comment-list-weeks',
        context: migrating.getQueryInterface() as MigrationContext,
      });
      const perStatus = await client.query(
        `SELECT status, sum(n)::int AS n FROM comment_list_counts GROUP BY status ORDER BY status`,
      );
      expect(perStatus.rows).toEqual([
        { status: 'approved', n: 150 },
        { status: 'pending', n: 50 },
      ]);
    } finally {
      await client.end().catch(() => undefined);
      await migrating.close();
      await database.drop();
    }
  });

  it('is emptied by TRUNCATE, directly or through a post’s cascade', async () => {
    // A database of its own: TRUNCATE would empty the comments other files are testing with. Plain pg:
    // a second Sequelize instance would take the models over from the API's.
    const database = await createScratchDatabase(inject('adminDatabaseUrl'), 'blog_scratch_comment_counts');
    const client = new pg.Client({ connectionString: database.url });
    try {
      await runMigrations(database.url);
      await client.connect();
      const count = async () =>
        (await client.query<{ n: number }>('SELECT coalesce(sum(n), 0)::int AS n FROM comment_list_counts'))
          .rows[0]!.n;
      const seed = `
        INSERT INTO users (username, email, password_hash, role, display_name) VALUES ('a', 'a@example.com', 'x', 'publisher', 'A');
        INSERT INTO posts (title, slug, content, content_text, excerpt, published, user_id)
          SELECT 'Wpis', 'wpis', '<p>x</p>', 'x', 'x', true, id FROM users;
        INSERT INTO comments (post_id, author, email, content) SELECT id, 'A', 'a@example.com', 'x' FROM posts, generate_series(1, 3);`;
      await client.query(seed);
      expect(await count()).toBe(3);
      await client.query('TRUNCATE posts CASCADE');
      expect(await count()).toBe(0);
      await client.query(`TRUNCATE users CASCADE; ${seed}`);
      expect(await count()).toBe(3);
      await client.query('TRUNCATE comments');
      expect(await count()).toBe(0);
    } finally {
      await client.end().catch(() => undefined);
      await database.drop();
    }
  });
});

describe('GET /api/admin/comments with exact totals', () => {
  it('answers the exact total, unfiltered and per status, and the exact queue', async () => {
    const post = await buildPost();
    await insertComments(post.id, 12);
    for (const status of ['', 'approved', 'pending']) {
      const where = status ? `WHERE status = '${status}'` : '';
      const { answer, expected } = await whileQuiet(
        async () =>
          (
            await select<{ total: number; pending: number }>(
              `SELECT (SELECT count(*) FROM comments ${where})::int AS total,
                      (SELECT count(*) FROM comments WHERE status = 'pending')::int AS pending`,
            )
          )[0]!,
        () => list(`limit=1${status ? `&status=${status}` : ''}`),
      );
      expect(answer).toMatchObject({
        ...expected,
        totalExact: true,
        totalPages: Math.max(1, expected.total),
      });
    }
  });

  it.each([
    ['', 'c.created_at DESC, c.id DESC'],
    ['order=asc', 'c.created_at ASC, c.id ASC'],
    ['sort=author&order=asc&status=pending', 'lower(c.author) ASC, c.id ASC'],
    ['sort=author&status=approved', 'lower(c.author) DESC, c.id DESC'],
  ])(
    '%s: every page holds the rows of the order walked from the start, the far half included',
    async (query, order) => {
      const post = await buildPost();
      await insertComments(post.id, 25);
      const status = /status=(\w+)/.exec(query)?.[1];
      const expectedIds = async () =>
        (
          await select<{ id: number }>(
            `SELECT c.id FROM comments c ${status ? `WHERE c.status = '${status}'` : ''} ORDER BY ${order}`,
          )
        ).map((row) => row.id);
      const limit = 7;
      const { expected: all } = await whileQuiet(expectedIds, async () => undefined);
      const lastPage = Math.max(1, Math.ceil(all.length / limit));
      for (const page of [1, 2, Math.ceil(lastPage / 2), lastPage - 1, lastPage, lastPage + 1].filter(
        (p) => p > 0,
      )) {
        const { answer, expected } = await whileQuiet(expectedIds, () =>
          list(`${query}&limit=${limit}&page=${page}`),
        );
        expect(
          answer.items.map((item) => item.id),
          `page ${page}`,
        ).toEqual(expected.slice((page - 1) * limit, page * limit));
        expect(answer).toMatchObject({ total: expected.length, totalExact: true });
      }
    },
  );
});
