import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { runMigrations } from './db/migrate.ts';
import { seedInitialData } from './db/seed/index.ts';
import { loggerFor } from './logger.ts';
import { runProcess } from './process.ts';
import { startApiServer } from './server.ts';

/** Production API process: migrate, make sure a first admin exists, serve the API and the built web. */
runProcess('api', async () => {
  const config = loadConfig();
  const logger = loggerFor('app');
  await runMigrations(config.DATABASE_URL, { logger: loggerFor('db') });
  const webDistDir = config.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  const api = await startApiServer(config, { webDistDir });
  const seeded = await seedInitialData({
    sequelize: api.runtime.sequelize,
    config,
    logger,
    demoContent: false,
  });
  if (seeded.createdAdmin?.password) {
    process.stdout.write(
      `First admin "${seeded.createdAdmin.username}" created; password written to ${config.dataDir}/initial-admin-password.txt\n`,
    );
  }
  logger.info({ url: api.url }, 'api listening');
  return api;
});
