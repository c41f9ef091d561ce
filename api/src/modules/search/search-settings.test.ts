import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSequelize } from '../../db/sequelize.ts';
import { testDatabaseUrl } from '../../../test/test-database.ts';
import { firstStageFound } from './post-search.service.ts';
import { planPostSearch } from './post-search.ts';

let sequelize: Sequelize;
beforeAll(() => {
  sequelize = createSequelize(testDatabaseUrl(), { poolMax: 2 });
});
afterAll(async () => {
  await sequelize?.close();
});

const SETTINGS_SQL = `SELECT current_setting('enable_seqscan') AS seqscan, current_setting('work_mem') AS "workMem",
  current_setting('pg_trgm.word_similarity_threshold', true) AS similarity`;

describe('the search’s transaction settings', () => {
  it('apply while its stages run and are put back in a caller’s transaction, which goes on', async () => {
    await sequelize.transaction(async (transaction) => {
      const read = async () =>
        (
          await sequelize.query<Record<string, string>>(SETTINGS_SQL, {
            type: QueryTypes.SELECT,
            transaction,
          })
        )[0]!;
      await sequelize.query("SET LOCAL work_mem = '5MB'", { transaction });
      const before = await read();
      let during: Record<string, string> | undefined;
      await firstStageFound({ sequelize, transaction }, planPostSearch('zolw', null), async (tx) => {
        during = (
          await tx.sequelize.query<Record<string, string>>(SETTINGS_SQL, {
            type: QueryTypes.SELECT,
            transaction: tx.transaction,
          })
        )[0];
        return null;
      });
      expect(during).toMatchObject({ seqscan: 'off', workMem: '16MB', similarity: '0.5' });
      expect(await read()).toMatchObject({ seqscan: before.seqscan, workMem: '5MB' });
    });
  });
});
