// The author-sorted admin comments list walked from a bucket (comment_author_buckets and
// comment_author_counts, migration 20261128150000): every page equals the slice of `ORDER BY
// lower(author), id` walked from the start, in the database's collation and in an ICU Polish one that
// ignores spaces and punctuation, over Polish letters, case, equal names and one name spanning many
// buckets; the counts stay exact and each page is one snapshot's while comments are inserted, deleted,
// approved and renamed beside it and buckets are cut; the migration counts the comments already there.
// Each runs in a database of its own: its buckets are made small, and TRUNCATE empties it.
import { Transaction } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { down as bucketsDown } from '../../db/migrations/20261128150000-comment-author-buckets.ts';
import type { MigrationContext } from '../../db/migrations/index.ts';
import {
  bucketRows,
  bucketSizes,
  expectedIds,
  listPage,
  NAMES,
  scratch,
  shuffled,
  VARIANTS,
  wrongCounts,
  wrongPages,
} from '../../../test/admin-comments-authors.fixtures.ts';

describe.each([
  ['the database’s collation', undefined],
  ['ICU Polish ignoring spaces and punctuation', 'pl-PL-u-ka-shifted'],
])('GET /api/admin/comments sorted by author, walked from a bucket (%s)', (_, icuLocale) => {
  it('every page equals the order walked from the start: a bulk insert, one by one, then renames, approvals and deletes', async () => {
    const db = await scratch('blog_scratch_comment_authors', { icuLocale });
    try {
      await bucketRows(db, 3);
      // One statement: the first bucket is cut at once. One name holds 40 comments, over many buckets.
      await db.insert(shuffled([...NAMES, ...NAMES, ...Array.from({ length: 40 }, () => 'Anna')]));
      expect(await wrongCounts(db)).toEqual([]);
      const bulk = await bucketSizes(db);
      expect(bulk.buckets).toBeGreaterThan(40);
      expect(bulk.largest).toBeLessThanOrEqual(6);
      expect(await wrongPages(db, [3, 7])).toEqual([]);

      // One by one: each writer counts in its bucket and cuts it when it grows past 6.
      for (const name of [...NAMES].reverse()) await db.insert([name, name]);
      expect(await wrongCounts(db)).toEqual([]);
      expect((await bucketSizes(db)).largest).toBeLessThanOrEqual(6);
      expect(await wrongPages(db, [3, 7])).toEqual([]);

      // Comments change place (author edits) and status, and go.
      await db.sequelize
        .query(`UPDATE comments SET author = CASE id % 3 WHEN 0 THEN 'Anna' WHEN 1 THEN ' łukasz'
                                ELSE 'Zz' || id END WHERE id % 5 = 0`);
      await db.sequelize.query(
        `UPDATE comments SET status = CASE status WHEN 'approved' THEN 'pending' ELSE 'approved' END WHERE id % 4 = 0`,
      );
      await db.sequelize.query(`DELETE FROM comments WHERE id % 6 = 1 OR author = 'anna'`);
      expect(await wrongCounts(db)).toEqual([]);
      expect(await wrongPages(db, [1, 4])).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('comment_author_counts', () => {
  it('stays exact under concurrent inserts, deletes, approvals and author edits while buckets are cut, and each page is one snapshot’s', async () => {
    const db = await scratch('blog_scratch_comment_author_writes');
    try {
      await bucketRows(db, 4);
      await db.insert(shuffled([...NAMES, ...NAMES]));
      const before = await bucketSizes(db);
      const name = (n: number) => NAMES[n % NAMES.length]!;
      const random = `(SELECT id FROM comments ORDER BY random() LIMIT 1)`;
      let writing = 0;
      const writer = async (seed: number) => {
        writing += 1;
        try {
          for (let step = 0; step < 40; step += 1) {
            const n = seed * 31 + step * 17;
            switch (n % 6) {
              case 0:
                await db.insert([name(n), name(n + 1), name(n + 2)].slice(0, 1 + (n % 3)));
                break;
              case 1:
                await db.sequelize.query(`DELETE FROM comments WHERE id = ${random}`);
                break;
              case 2:
                await db.sequelize.query(
                  `UPDATE comments SET status = CASE status WHEN 'approved' THEN 'pending' ELSE 'approved' END
                    WHERE id = ${random}`,
                );
                break;
              case 3:
                await db.sequelize.query(`UPDATE comments SET author = :author WHERE id = ${random}`, {
                  replacements: { author: name(n * 3) },
                });
                break;
              case 4:
                // Two statements in one transaction, every other one rolled back.
                await db.sequelize
                  .transaction(async (transaction) => {
                    await db.insert([name(n), 'Anna'], transaction);
                    await db.insert([name(n + 5)], transaction);
                    if (step % 2 === 0) throw new Error('rolled back');
                  })
                  .catch(() => undefined);
                break;
              default:
                // A snapshot taken before others cut buckets: it counts right or fails (40001).
                await db.sequelize
                  .transaction(
                    { isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ },
                    async (transaction) => {
                      await db.select('SELECT count(*) FROM comments', {}, transaction);
                      // Holds the snapshot open while the others write: the overlap is the subject, not a wait.
                      await new Promise((resolve) => setTimeout(resolve, 20));
                      await db.insert([name(n + 7), name(n + 8)], transaction);
                    },
                  )
                  .catch((error: unknown) => {
                    if (!/could not serialize/.test(String(error))) throw error;
                  });
            }
          }
        } finally {
          writing -= 1;
        }
      };
      const wrong: unknown[] = [];
      let read = 0;
      const reader = async (seed: number) => {
        for (let round = 0; writing > 0 || round < 5; round += 1) {
          const { order, status } = VARIANTS[(seed + round) % VARIANTS.length]!;
          // The answer and the walk from the start in one snapshot: they must agree.
          await db.sequelize.transaction(
            { isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ, readOnly: true },
            async (transaction) => {
              const all = await expectedIds(db, order, status, transaction);
              const limit = 1 + ((seed + round) % 5);
              const page = 1 + ((round * 13) % Math.max(1, Math.ceil(all.length / limit) + 1));
              const answer = await listPage(db, { order, status, page, limit }, transaction);
              const ids = answer.items.map((item) => item.id);
              const expected = all.slice((page - 1) * limit, page * limit);
              if (JSON.stringify(ids) !== JSON.stringify(expected) || answer.total !== all.length)
                wrong.push({ order, status, limit, page, ids, expected });
              read += 1;
            },
          );
        }
      };
      await Promise.all([...[1, 2, 3, 4, 5].map(writer), reader(0), reader(3)]);
      expect(wrong).toEqual([]);
      expect(read).toBeGreaterThan(20);
      expect(await wrongCounts(db)).toEqual([]);
      expect(await wrongPages(db, [5])).toEqual([]);
      // Buckets were cut while the others wrote.
      expect((await bucketSizes(db)).buckets).toBeGreaterThan(before.buckets);
    } finally {
      await db.close();
    }
  });

  it('counts the comments already there when migrating, is dropped on the way back and counted again on the way up', async () => {
    const db = await scratch('blog_scratch_comment_author_migrate', {
      to: '20261128140000-repair-stored-values',
    });
    try {
      // 2,600 comments, 1,200 of one name: buckets of 1,000 (production's), one name over two of them.
      await db.insert(
        shuffled([
          ...Array.from({ length: 1400 }, (_, i) => `${NAMES[i % NAMES.length]} ${i % 7}`.slice(-100)),
          ...Array.from({ length: 1200 }, () => 'Anna'),
        ]),
      );
      await runMigrations(db.database.url);
      expect(await wrongCounts(db)).toEqual([]);
      expect(await bucketSizes(db)).toEqual({ buckets: 3, largest: 1000 });
      // Every page over the buckets' edges, the first, the last and one past the end.
      const nearEdges = (count: number, limit: number) => {
        const pages = new Set([1, Math.ceil(count / limit), Math.ceil(count / limit) + 1]);
        for (const edge of [1000, 2000, count - 1000, count - 2000])
          for (let at = edge - 2 * limit; at <= edge + 2 * limit; at += 1)
            pages.add(Math.floor(at / limit) + 1);
        return [...pages].filter((page) => page > 0);
      };
      expect(await wrongPages(db, [7, 20], nearEdges)).toEqual([]);

      await bucketsDown({
        name: '20261128150000-comment-author-buckets',
        context: db.sequelize.getQueryInterface() as MigrationContext,
      });
      await db.sequelize.query(
        `DELETE FROM schema_migrations WHERE name = '20261128150000-comment-author-buckets'`,
      );
      expect(await db.select(`SELECT to_regclass('comment_author_counts') AS gone`)).toEqual([
        { gone: null },
      ]);
      await db.insert(['Po cofnięciu']);
      await runMigrations(db.database.url);
      expect(await wrongCounts(db)).toEqual([]);
      expect(await wrongPages(db, [20], nearEdges)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('ignores counts written to it directly and buckets while comments exist, starts over from one bucket on TRUNCATE, follows a post’s cascade', async () => {
    const db = await scratch('blog_scratch_comment_author_truncate');
    try {
      await bucketRows(db, 2);
      await db.insert(NAMES.slice(0, 20));
      // A restore copying these tables while the triggers count the comments it inserts.
      await db.sequelize.query(`INSERT INTO comment_author_buckets (start_key, start_id) VALUES ('m', 1)`);
      await db.sequelize.query(
        `INSERT INTO comment_author_counts (status, bucket, n) SELECT 'approved', min(id), 1000 FROM comment_author_buckets`,
      );
      expect(await wrongCounts(db)).toEqual([]);
      expect(await db.select(`SELECT 1 FROM comment_author_buckets WHERE start_key = 'm'`)).toEqual([]);
      expect((await bucketSizes(db)).buckets).toBeGreaterThan(5);
      await db.sequelize.query('TRUNCATE comments');
      expect(await db.select('SELECT start_key, start_id FROM comment_author_buckets')).toEqual([
        { start_key: '', start_id: -2147483648 },
      ]);
      expect(await bucketSizes(db)).toEqual({ buckets: 0, largest: 0 });
      // Without comments, buckets written directly stay (a restore's copy, before its comments); the
      // copy's first bucket replaces the one TRUNCATE left.
      await db.sequelize.query(
        `INSERT INTO comment_author_buckets (id, start_key, start_id, cuts)
           VALUES (100, '', -2147483648, 3), (101, 'm', 0, 1)`,
      );
      expect(
        await db.select('SELECT id, start_key, start_id FROM comment_author_buckets ORDER BY id'),
      ).toEqual([
        { id: 100, start_key: '', start_id: -2147483648 },
        { id: 101, start_key: 'm', start_id: 0 },
      ]);
      await db.insert(NAMES.slice(0, 9));
      expect(await wrongCounts(db)).toEqual([]);
      expect(await wrongPages(db, [2])).toEqual([]);
      // A post's deletion takes its comments (cascade): they leave the counts too.
      await db.sequelize.query('DELETE FROM posts');
      expect(await bucketSizes(db)).toEqual({ buckets: 0, largest: 0 });
    } finally {
      await db.close();
    }
  });
});
