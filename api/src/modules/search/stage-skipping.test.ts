import { randomInt } from 'node:crypto';
import pg from 'pg';
import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueSuffix } from '../../../test/factories.ts';
import { testDatabaseUrl } from '../../../test/test-database.ts';
import { createSequelize } from '../../db/sequelize.ts';
import { firstStageFound, vocabularyOf } from './post-search.service.ts';
import { planPostSearch, type SearchStage } from './post-search.ts';

/*
 * A stage of words all required is not asked when the vocabulary says one of them is in no post, and
 * the phrase is not asked when its words are not all in some post: what the search finds stays the same.
 */

let client: pg.Client;
let sequelize: Sequelize;
const written: number[] = [];
beforeAll(async () => {
  client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  sequelize = createSequelize(testDatabaseUrl(), { poolMax: 2 });
});
afterAll(async () => {
  await client?.query('DELETE FROM posts WHERE id = ANY($1)', [written]);
  await client?.end();
  await sequelize?.close();
});

const letters = (count: number) =>
  Array.from({ length: count }, () => String.fromCharCode(97 + randomInt(26))).join('');
/** A word of letters that no other post holds (the test database is shared by the run's files). */
const newWord = (stem: string) => `${stem}${letters(8)}`;
/** A word of three characters unlikely in any other post: a digit and two letters („7kq”). */
const newShortWord = () => `${randomInt(10)}${letters(2)}`;

async function postWith(text: string): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO posts (title, slug, content, content_text, created_at, updated_at)
     VALUES ('Wpis', $1, $2, $2, now(), now()) RETURNING id`,
    [`etapy-${uniqueSuffix()}`, text],
  );
  written.push(rows[0]!.id);
  return rows[0]!.id;
}

/** The stages asked for `query` (each finding nothing) and the posts each would have found. */
async function stagesAsked(query: string): Promise<{ name: string; found: number[] }[]> {
  const asked: { name: string; found: number[] }[] = [];
  await firstStageFound({ sequelize }, planPostSearch(query, null), async (tx, stage: SearchStage) => {
    const rows = await tx.sequelize.query<{ id: number }>(
      `SELECT p.id FROM posts p WHERE p.id IN (:written) AND ${stage.where} ORDER BY p.id`,
      {
        type: QueryTypes.SELECT,
        replacements: { ...stage.replacements, written },
        transaction: tx.transaction,
      },
    );
    asked.push({ name: stage.name, found: rows.map((row) => row.id) });
    return null;
  });
  return asked;
}

describe('the search’s stages', () => {
  it('are not asked when one of their words is in no post; the typo stage still is', async () => {
    const [held, absent] = [newWord('trzymane'), newWord('nigdzie')];
    await postWith(`Tu jest ${held} i nic więcej.`);
    expect(await stagesAsked(`${held} ${absent}`)).toEqual([{ name: 'typo', found: [] }]);
    // A word some post holds: every stage is asked as before.
    const post = await postWith(`Oba słowa: ${held} oraz drugie ${newWord('obok')}.`);
    expect((await stagesAsked(held)).map((stage) => stage.name)).toEqual(['phrase', 'typo']);
    expect((await stagesAsked(held))[0]!.found).toContain(post);
  });

  it('are asked when a post the word index cannot answer holds the word', async () => {
    const word = newWord('znacznik');
    // Read by the parser as an HTML tag, the word is not among the post's words (nor in the
    // vocabulary): such a post is compared by LIKE.
    const post = await postWith(`Tekst <${word}> i koniec.`);
    const { rows } = await client.query('SELECT search_words_exact FROM posts WHERE id = $1', [post]);
    expect(rows[0]).toEqual({ search_words_exact: false });
    const asked = await stagesAsked(word);
    expect(asked.map((stage) => stage.name)).toEqual(['phrase', 'typo']);
    expect(asked[0]!.found).toEqual([post]);
  });
});

describe('the search vocabulary', () => {
  it('holds the short words of the posts: a short form no post holds is left out of the query', async () => {
    const shortHeld = newShortWord();
    let shortAbsent = newShortWord();
    while (shortAbsent === shortHeld) shortAbsent = newShortWord();
    await postWith(`Kod ${shortHeld} w tekście.`);
    const { rows } = await client.query('SELECT DISTINCT word FROM search_words WHERE word = $1', [
      shortHeld,
    ]);
    expect(rows).toEqual([{ word: shortHeld }]);
    const [term] = planPostSearch(newWord('slowo'), null)[0]!.terms;
    const [vocabulary] = await vocabularyOf({ sequelize }, [{ ...term!, forms: [shortHeld, shortAbsent] }]);
    expect(vocabulary!.forms).toEqual([shortHeld]);
  });

  it('gives the typo stage no short word as a similar word', async () => {
    // Five letters and their first three („pracy” and „pra”): a word similarity of 0.5, the threshold.
    const typed = newWord('q').slice(0, 5);
    const short = await postWith(`Skrót ${typed.slice(0, 3)} tylko.`);
    const similar = await postWith(`Słowo ${typed.slice(0, -1)}q tutaj.`);
    const typo = (await stagesAsked(typed)).find((stage) => stage.name === 'typo')!;
    expect(typo.found).toContain(similar);
    expect(typo.found).not.toContain(short);
  });
});
