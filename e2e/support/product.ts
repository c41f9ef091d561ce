import { fileURLToPath } from 'node:url';
import { seedInitialData } from '@blog/api/seed';
import { loggerFor } from '@blog/api/logger';
import { createMigratedScratchDatabase, startTestApi, type TestApi } from '@blog/api/testing';

export const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The real product (API + built web) on a free port, over the e2e run's database with demo content.
 * `privateDatabase` gives it a database of its own (dropped on close), for journeys that change global
 * settings (the daily subscription limit, SMTP) while other test files run.
 */
export async function startProduct(options: { privateDatabase?: string } = {}): Promise<TestApi> {
  const database = options.privateDatabase
    ? await createMigratedScratchDatabase(options.privateDatabase)
    : null;
  let api: TestApi;
  try {
    api = await startTestApi(database ? { DATABASE_URL: database.url } : {}, { webDistDir });
  } catch (error) {
    await database?.drop();
    throw error;
  }
  await seedInitialData({
    sequelize: api.runtime.sequelize,
    config: api.config,
    logger: loggerFor('app'),
    demoContent: true,
  });
  if (!database) return api;
  return {
    ...api,
    async close() {
      await api.close();
      await database.drop();
    },
  };
}
