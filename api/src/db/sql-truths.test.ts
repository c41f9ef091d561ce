import { ROLES } from '@blog/shared/policy';
import { QueryTypes, type Transaction } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Category } from '../modules/categories/category.model.ts';
import { Post } from '../modules/posts/post.model.ts';
import { PostCategory } from '../modules/posts/post-category.model.ts';
import {
  IN_VISIBLE_CATEGORY_SQL,
  VISIBLE_CATEGORY_SQL,
  VISIBLE_POST_SQL,
} from '../modules/posts/posts.queries.ts';
import { TITLE_VECTOR_SQL } from '../modules/search/post-search.ts';
import { PUBLIC_SETTING_KEYS } from '../modules/settings/setting-keys.ts';
import { buildCategory, buildPost } from '../../test/factories.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';
import { ROLE_CHECK_CONSTRAINT, roleCheckSql } from './role-check.ts';
import { createSequelize } from './sequelize.ts';

/*
 * Truths written once in TypeScript and copied into the database, where a constraint or a trigger
 * cannot read TypeScript: each copy in the migrated database is compared with its source here.
 */

let sequelize: Sequelize;

beforeAll(() => {
  sequelize = createSequelize(testDatabaseUrl(), { poolMax: 3 });
});

afterAll(async () => {
  await sequelize?.close();
});

const select = <T extends object>(sql: string, replacements?: Record<string, unknown>) =>
  sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements });

class RolledBack extends Error {}

/** The body of a PL/pgSQL or SQL function, as the database runs it. */
async function functionSource(name: string): Promise<string> {
  const [row] = await select<{ prosrc: string }>('SELECT prosrc FROM pg_proc WHERE proname = :name', {
    name,
  });
  if (!row) throw new Error(`no function ${name}`);
  return row.prosrc;
}

describe('the users.role check constraint', () => {
  it('allows exactly the policy’s ROLES, as roleCheckSql builds it', async () => {
    // A throw-away table with the constraint built from ROLES: PostgreSQL prints both in its own
    // canonical form, so equal definitions mean equal constraints (same roles, same order).
    const [actual] = await select<{ def: string }>(
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE conname = :name AND conrelid = 'users'::regclass`,
      { name: ROLE_CHECK_CONSTRAINT },
    );
    const expected = await sequelize.transaction(async (transaction) => {
      await sequelize.query(
        `CREATE TEMP TABLE role_check_probe (role varchar(20) CONSTRAINT probe ${roleCheckSql(ROLES)})
           ON COMMIT DROP`,
        { transaction },
      );
      const [row] = await sequelize.query<{ def: string }>(
        `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
          WHERE conname = 'probe' AND conrelid = 'role_check_probe'::regclass`,
        { type: QueryTypes.SELECT, transaction },
      );
      return row?.def;
    });
    expect(actual?.def, 'a role was added to or removed from ROLES without a migration').toBe(expected);
    for (const role of ROLES) expect(actual?.def).toContain(`'${role}'`);
  });

  it('roleCheckSql writes the list it is given and refuses what is not a role name', () => {
    expect(roleCheckSql(['admin', 'publisher'])).toBe("CHECK (role IN ('admin', 'publisher'))");
    expect(() => roleCheckSql([])).toThrow();
    expect(() => roleCheckSql(["x'); DROP TABLE users; --"])).toThrow();
  });
});

describe('the public settings keys', () => {
  it('are the keys the site_settings trigger purges the public cache for', async () => {
    const source = await functionSource('blog_public_site_settings_changed');
    const array = /public_keys\s+text\[\]\s*:=\s*ARRAY\[([^\]]*)\]/.exec(source);
    expect(array, source).not.toBeNull();
    const keys = [...array![1]!.matchAll(/'([^']*)'/g)].map((match) => match[1]);
    expect(keys.toSorted()).toEqual([...PUBLIC_SETTING_KEYS].toSorted());
  });
});

describe('the visible post', () => {
  it('posts.in_visible_category is IN_VISIBLE_CATEGORY_SQL for posts in every state, after every kind of write', async () => {
    const shown = await buildCategory({ enabled: true });
    const hidden = await buildCategory({ enabled: false });
    const toggled = await buildCategory({ enabled: true });
    const posts = await Promise.all([
      buildPost({ published: true, categories: [] }),
      buildPost({ published: true, categories: [shown] }),
      buildPost({ published: true, categories: [hidden] }),
      buildPost({ published: true, categories: [hidden, shown] }),
      buildPost({ published: true, categories: [toggled] }),
      buildPost({ published: false, categories: [shown] }),
      buildPost({ published: false, categories: [hidden] }),
      buildPost({ published: true, categories: [toggled, hidden] }),
    ]);
    const ids = posts.map((post) => post.id);
    const compare = async (when: string) => {
      const rows = await select<{
        id: number;
        stored: boolean;
        derived: boolean;
        storedVisible: boolean;
        visible: boolean;
      }>(
        `SELECT p.id, p.in_visible_category AS stored, ${IN_VISIBLE_CATEGORY_SQL} AS derived,
                (p.published AND p.in_visible_category) AS "storedVisible", ${VISIBLE_POST_SQL} AS visible
           FROM posts p WHERE p.id IN (:ids) ORDER BY p.id`,
        { ids },
      );
      expect(rows).toHaveLength(ids.length);
      for (const row of rows) {
        expect(row.stored, `post ${row.id} ${when}`).toBe(row.derived);
        expect(row.storedVisible, `post ${row.id} ${when}`).toBe(row.visible);
      }
      return rows;
    };
    const initial = await compare('as created');
    // Both answers occur, so the comparison says something.
    expect(new Set(initial.map((row) => row.visible))).toEqual(new Set([true, false]));

    await Category.update({ enabled: false }, { where: { id: toggled.id } });
    await compare('after hiding a category');
    await Category.update({ enabled: true }, { where: { id: [toggled.id, hidden.id] } });
    await compare('after showing categories');
    await PostCategory.destroy({ where: { postId: posts[1]!.id } });
    await compare('after removing a post’s only category');
    await PostCategory.update({ categoryId: shown.id }, { where: { postId: posts[2]!.id } });
    await compare('after moving a post to another category');
    await Category.update({ enabled: false }, { where: { id: shown.id } });
    await compare('after hiding the most used category');
    await Category.update({ enabled: true }, { where: { id: shown.id } });
    expect((await compare('after showing it again')).some((row) => row.stored)).toBe(true);
    // TRUNCATE fires no row or statement trigger of a DELETE: its own sets every flag (rolled back,
    // as other test files share the database).
    await sequelize
      .transaction(async (transaction) => {
        await sequelize.query('TRUNCATE post_categories', { transaction });
        const [left] = await sequelize.query<{ flagged: number }>(
          'SELECT count(*)::int AS flagged FROM posts WHERE in_visible_category',
          { type: QueryTypes.SELECT, transaction },
        );
        expect(left!.flagged, 'posts flagged in a visible category after TRUNCATE').toBe(0);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    await compare('after a TRUNCATE rolled back');
  });

  it('the triggers that keep or announce visibility test a category with VISIBLE_CATEGORY_SQL', async () => {
    // The stored column's refresh, and the public-content trigger that purges the cache when a link
    // between a published post and a visible category changes.
    expect(await functionSource('blog_refresh_post_category_visibility')).toContain(
      `WHERE pc.post_id = q.id AND ${VISIBLE_CATEGORY_SQL})`,
    );
    const links = await functionSource('blog_public_post_categories_changed');
    expect(
      links.match(new RegExp(`WHERE p\\.published AND ${VISIBLE_CATEGORY_SQL.replace('.', '\\.')}\\)`, 'g')),
    ).toHaveLength(2);
  });
});

describe('the search copies of a post (post_search, post_words)', () => {
  it('equals the post’s own search columns and flags after every kind of write, and goes with the post', async () => {
    const shown = await buildCategory({ enabled: true });
    const posts = await Promise.all([
      buildPost({ published: true, categories: [shown], title: 'Żółw na plaży' }),
      buildPost({ published: false, categories: [shown], excerpt: 'Krótko o pracy' }),
      buildPost({ published: true, categories: [] }),
    ]);
    const ids = posts.map((post) => post.id);
    const differing = async (when: string, transaction?: Transaction) => {
      const rows = await sequelize.query<{ id: number; copied: boolean; words_copied: boolean }>(
        `SELECT p.id, s.id IS NOT NULL AS copied, pw.id IS NOT NULL AS words_copied
           FROM posts p LEFT JOIN post_search s ON s.id = p.id LEFT JOIN post_words pw ON pw.id = p.id
          WHERE p.id IN (:ids)
            AND (s.id IS NULL OR pw.id IS NULL OR pw.words IS DISTINCT FROM strip(p.search_vector)
                 OR s.created_at IS DISTINCT FROM p.created_at
                 OR s.published IS DISTINCT FROM p.published
                 OR s.in_visible_category IS DISTINCT FROM p.in_visible_category
                 OR s.search_words_exact IS DISTINCT FROM p.search_words_exact
                 OR s.search_vector IS DISTINCT FROM p.search_vector
                 OR s.search_head IS DISTINCT FROM p.search_head
                 OR s.title_vector IS DISTINCT FROM ${TITLE_VECTOR_SQL('p')})`,
        { type: QueryTypes.SELECT, replacements: { ids }, transaction },
      );
      expect(rows, when).toEqual([]);
    };
    await differing('as created');
    await Post.update({ title: 'Wisła o świcie' }, { where: { id: ids[0] } });
    await differing('after a new title');
    await sequelize.query(
      "UPDATE posts SET content_text = 'Telefonów było wiele <b>', excerpt = NULL WHERE id IN (:ids)",
      { replacements: { ids } },
    );
    await differing('after a text and excerpt changed by hand');
    await Post.update(
      { published: true, createdAt: new Date('2020-01-02T03:04:05Z') },
      { where: { id: ids[1] } },
    );
    await differing('after publishing and a new date');
    await Category.update({ enabled: false }, { where: { id: shown.id } });
    await differing('after hiding the category');
    await Category.update({ enabled: true }, { where: { id: shown.id } });
    await PostCategory.destroy({ where: { postId: ids[0] } });
    await differing('after removing a post’s category');
    await sequelize
      .transaction(async (transaction) => {
        await sequelize.query('TRUNCATE post_categories', { transaction });
        await differing('after TRUNCATE of the categories’ links', transaction);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    await Post.destroy({ where: { id: ids[2] } });
    const [left] = await select<{ copies: number }>(
      'SELECT (SELECT count(*) FROM post_search WHERE id = :id) + (SELECT count(*) FROM post_words WHERE id = :id) AS copies',
      { id: ids[2] },
    );
    expect(Number(left!.copies), 'the copies of a deleted post').toBe(0);
  });
});
