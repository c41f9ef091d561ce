/**
 * A second API process for tests that need two (the public cache across processes): configured
 * only by environment variables, it prints `{"port":N}` once listening and stops on SIGTERM.
 * No migrations, no seed: it joins the database and Redis prefix of the test that started it.
 */
import { loadConfig } from '../config.ts';
import { startApiServer } from '../server.ts';

const webDistDir = process.env.TEST_WEB_DIST_DIR || undefined;
const api = await startApiServer(loadConfig(), { webDistDir });
process.stdout.write(`${JSON.stringify({ port: api.port })}\n`);
process.once('SIGTERM', () => {
  void api.close().finally(() => process.exit(0));
});
