import { randomInt } from 'node:crypto';
import pg from 'pg';
import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueSuffix } from '../../../test/factories.ts';
import { testDatabaseUrl } from '../../../test/test-database.ts';
import { createSequelize } from '../../db/sequelize.ts';
import type { Db } from '../../deps.ts';
import { VISIBLE_POST_SQL, VISIBLE_POST_STORED_SQL } from '../posts/posts.queries.ts';
import { firstStageFound } from './post-search.service.ts';
import { planPostSearch, type SearchStage } from './post-search.ts';
import { countedSearchPage, rankedSearchPage } from './search-page.ts';

/*
 * A search's page, counted or ranked by levels, is the stage's matches scored in full and ordered
 * (score, then newest, then id), cut at the page: for words in the title, the excerpt and the text in
 * every combination, posts the word index cannot answer, hidden posts, equal dates, and the typo stage.
 */

let client: pg.Client;
let sequelize: Sequelize;
const written: number[] = [];
let categoryId: number;
beforeAll(async () => {
  client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  sequelize = createSequelize(testDatabaseUrl(), { poolMax: 2 });
  const { rows } = await client.query<{ id: number }>(
    'INSERT INTO categories (name) VALUES ($1) RETURNING id',
    [`Strona wyszukiwania ${uniqueSuffix()}`],
  );
  categoryId = rows[0]!.id;
});
afterAll(async () => {
  await client?.query('DELETE FROM posts WHERE id = ANY($1)', [written]);
  await client?.query('DELETE FROM categories WHERE id = $1', [categoryId]);
  await client?.end();
  await sequelize?.close();
});

const letters = (count: number) =>
  Array.from({ length: count }, () => String.fromCharCode(97 + randomInt(26))).join('');

interface Placed {
  title: string;
  excerpt: string;
  text: string;
  daysAgo: number;
  published?: boolean;
}

async function postOf(post: Placed): Promise<number> {
  const createdAt = new Date(Date.UTC(2026, 0, 1) - post.daysAgo * 86_400_000);
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO posts (title, slug, excerpt, content, content_text, published, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $6) RETURNING id`,
    [post.title, `strona-${uniqueSuffix()}`, post.excerpt, post.text, post.published ?? true, createdAt],
  );
  const id = rows[0]!.id;
  written.push(id);
  await client.query('INSERT INTO post_categories (post_id, category_id) VALUES ($1, $2)', [id, categoryId]);
  return id;
}

const filter =
  'EXISTS (SELECT 1 FROM post_categories fc WHERE fc.post_id = p.id AND fc.category_id = :categoryId)';

/** Every match of the stage scored in full, in the list's order: what each page must be a slice of. */
async function rankedInFull(tx: Db, stage: SearchStage): Promise<number[]> {
  const rows = await tx.sequelize.query<{ id: number }>(
    `SELECT p.id FROM posts p WHERE ${VISIBLE_POST_SQL} AND ${filter} AND ${stage.where}
      ORDER BY ${stage.score} DESC, p.created_at DESC, p.id DESC`,
    {
      type: QueryTypes.SELECT,
      replacements: { ...stage.replacements, categoryId },
      transaction: tx.transaction,
    },
  );
  return rows.map((row) => row.id);
}

const PAGES = [
  { limit: 6, offset: 0 },
  { limit: 6, offset: 6 },
  { limit: 4, offset: 8 },
  { limit: 5, offset: 15 },
  { limit: 50, offset: 0 },
  { limit: 6, offset: 60 },
];

/** For the stage that answers `query`: each page counted and ranked, and the whole ranking. */
async function pagesOf(query: string) {
  const result = await firstStageFound({ sequelize }, planPostSearch(query, null), async (tx, stage) => {
    const full = await rankedInFull(tx, stage);
    if (full.length === 0) return null;
    const pages = [];
    for (const { limit, offset } of PAGES) {
      const pageQuery = {
        stage,
        conditions: [VISIBLE_POST_STORED_SQL, filter],
        replacements: { ...stage.replacements, categoryId },
        limit,
        offset,
      };
      pages.push({
        expected: full.slice(offset, offset + limit),
        counted: await countedSearchPage(tx, pageQuery),
        ranked: await rankedSearchPage(tx, pageQuery),
      });
    }
    return { full, pages };
  });
  expect(result).not.toBeNull();
  return { stage: result!.stage, ...result!.found };
}

describe('a search page', () => {
  const [alfa, beta, gamma, rare] = ['alfa', 'beta', 'gamma', 'rzadki'].map((stem) => `${stem}${letters(7)}`);

  beforeAll(async () => {
    const words = [alfa!, beta!, gamma!];
    // Each word in the title, the excerpt, the text or nowhere, in many combinations and on equal
    // dates: scores from 3 to 9 tie often.
    for (let index = 0; index < 48; index++) {
      const title = ['Wpis'];
      const excerpt = ['Zajawka'];
      const text = ['Treść'];
      words.forEach((word, shift) => {
        const where = Math.floor(index / 4 ** shift) % 4;
        if (where === 1) title.push(word);
        if (where === 2) excerpt.push(word);
        if (where === 3) text.push(word);
      });
      await postOf({
        title: title.join(' '),
        excerpt: excerpt.join(' '),
        text: `${text.join(' ')} i koniec.`,
        daysAgo: index % 5,
        published: index % 11 !== 7,
      });
    }
    // A post the word index cannot answer (the parser reads the word as a tag): found by LIKE.
    await postOf({
      title: `Wpis ${alfa}`,
      excerpt: 'Zajawka',
      text: `Tekst <${beta}> i ${rare}.`,
      daysAgo: 2,
    });
    await postOf({
      title: 'Wpis',
      excerpt: `Zajawka ${rare}`,
      text: `Tekst <${rare}x> ${gamma}.`,
      daysAgo: 1,
    });
    const inexact = await client.query<{ exact: boolean }>(
      'SELECT bool_or(search_words_exact) AS exact FROM posts WHERE id = ANY($1)',
      [written.slice(-2)],
    );
    expect(inexact.rows[0]!.exact).toBe(false);
    await postOf({ title: `Wpis ${beta}`, excerpt: 'Zajawka', text: `Tekst ${rare}.`, daysAgo: 2 });
  });

  it.each([
    ['one word', () => alfa!, 'phrase'],
    ['two words', () => `${beta} ${alfa}`, 'words'],
    ['three words in another order', () => `${gamma} ${alfa} ${beta}`, 'words'],
    ['a word some post holds only where the word index cannot read it', () => `${beta} ${rare}`, 'words'],
    ['a word with a typo', () => `${gamma!.slice(0, -1)}${gamma!.endsWith('q') ? 'x' : 'q'}`, 'typo'],
  ])('is the full ranking cut at the page: %s', async (_, query, stageName) => {
    const { stage, full, pages } = await pagesOf(query());
    expect(stage.name).toBe(stageName);
    // The word index answers every term: the page is drawn from its id sets.
    expect(stage.headScores).not.toBeNull();
    expect(full.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page.counted).toEqual({ total: full.length, ids: page.expected });
      expect(page.ranked).toEqual(page.expected);
    }
  });
});
