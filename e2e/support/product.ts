import { fileURLToPath } from 'node:url';
import { seedInitialData } from '@blog/api/seed';
import { loggerFor } from '@blog/api/logger';
import { createMigratedScratchDatabase, startTestApi, type TestApi } from '@blog/api/testing';

export const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The real product (API + built web) on a free port, over a database of its own with the demo content:
 * a copy of the run's migrated template, dropped on close (`privateDatabase` names it). Each file starts
 * from the same data, whatever the files before it on its worker changed (a deleted category left a
 * published post in no list, settings were changed), so the files can run in any order, two at a time.
 */
export async function startProduct(options: { privateDatabase?: string } = {}): Promise<TestApi> {
  const database = await createMigratedScratchDatabase(options.privateDatabase ?? 'blog_e2e');
  let api: TestApi;
  try {
    api = await startTestApi({ DATABASE_URL: database.url }, { webDistDir });
  } catch (error) {
    await database.drop();
    throw error;
  }
  await seedInitialData({
    sequelize: api.runtime.sequelize,
    config: api.config,
    logger: loggerFor('app'),
    demoContent: true,
  });
  return {
    ...api,
    async close() {
      await api.close();
      await database.drop();
    },
  };
}
