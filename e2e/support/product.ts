import { fileURLToPath } from 'node:url';
import { seedInitialData } from '@blog/api/seed';
import { loggerFor } from '@blog/api/logger';
import { startTestApi, type TestApi } from '@blog/api/testing';

export const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The real product (API + built web) on a free port, over the e2e run's database with demo content. */
export async function startProduct(): Promise<TestApi> {
  const api = await startTestApi({}, { webDistDir });
  await seedInitialData({
    sequelize: api.runtime.sequelize,
    config: api.config,
    logger: loggerFor('app'),
    demoContent: true,
  });
  return api;
}
