import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { uniqueSuffix } from '../../../test/factories.ts';
import { testDatabaseUrl } from '../../../test/test-database.ts';
import { createSequelize } from '../../db/sequelize.ts';
import { vocabularyOf } from './post-search.service.ts';
import { planPostSearch } from './post-search.ts';

/*
 * The vocabulary (search_words) is added to in the statement that writes a post. Writers must never
 * wait for one another there: an import writes many posts in one long transaction while editors save.
 */

const clients: pg.Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  clients.push(client);
  // A write that waits is a failure here, not a slow test.
  await client.query("SET lock_timeout = '3s'");
  return client;
}

const insertPost = (client: pg.Client, text: string) =>
  client.query(
    `INSERT INTO posts (title, slug, content, content_text, created_at, updated_at)
     VALUES ($1, $2, $3, $4, now(), now()) RETURNING id`,
    [text, `slowa-${uniqueSuffix()}`, `<p>${text}</p>`, text],
  );

describe('the search vocabulary', () => {
  it('is added to by two transactions writing the same new words in opposite orders, neither waiting', async () => {
    const [first, second] = [await connect(), await connect()];
    const letters = uniqueSuffix().replace(/[^a-z]/g, '');
    const [one, two] = [`pierwszeslowo${letters}a`, `drugieslowo${letters}b`];
    await first.query('BEGIN');
    await second.query('BEGIN');
    const ids: number[] = [];
    for (const [client, word] of [
      [first, one],
      [second, two],
      [first, two],
      [second, one],
    ] as const) {
      ids.push((await insertPost(client, `Wpis o ${word}`)).rows[0].id);
    }
    await first.query('COMMIT');
    await second.query('COMMIT');

    const { rows } = await first.query<{ word: string; copies: number }>(
      'SELECT word, count(*)::int AS copies FROM search_words WHERE word = ANY($1) GROUP BY word ORDER BY word',
      [[one, two]],
    );
    // Each transaction added both words, as neither saw the other's; the search reads each once.
    expect(rows).toEqual([two, one].sort().map((word) => ({ word, copies: 2 })));
    const sequelize = createSequelize(testDatabaseUrl(), { poolMax: 1 });
    try {
      const [vocabulary] = await vocabularyOf({ sequelize }, planPostSearch(one, null)[0]!.terms);
      expect(vocabulary!.containing).toEqual([one]);
    } finally {
      await sequelize.close();
    }
    await first.query('DELETE FROM posts WHERE id = ANY($1)', [ids]);
  });

  it('is not added to twice by one writer for a word it already holds', async () => {
    const client = await connect();
    const word = `jedenslowo${uniqueSuffix().replace(/[^a-z]/g, '')}`;
    const ids = [
      (await insertPost(client, word)).rows[0].id,
      (await insertPost(client, `${word} znowu`)).rows[0].id,
    ];
    const { rows } = await client.query<{ copies: number }>(
      'SELECT count(*)::int AS copies FROM search_words WHERE word = $1',
      [word],
    );
    expect(rows[0]!.copies).toBe(1);
    await client.query('DELETE FROM posts WHERE id = ANY($1)', [ids]);
  });
});
