import { loadConfig } from '../src/config.ts';
import { runProcess } from '../src/process.ts';
import { startApiServer } from '../src/server.ts';

/**
 * A test API in a process of its own (configuration from the environment); prints `ready {"port":N}`.
 * TEST_WEB_DIST_DIR serves a built web beside it (the public cache test's article HTML).
 */
runProcess('test-api', async () => {
  const api = await startApiServer(loadConfig(), { webDistDir: process.env.TEST_WEB_DIST_DIR || undefined });
  process.stdout.write(`ready ${JSON.stringify({ port: api.port })}\n`);
  return api;
});
