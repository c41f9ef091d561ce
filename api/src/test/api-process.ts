import { loadConfig } from '../config.ts';
import { runProcess } from '../process.ts';
import { startApiServer } from '../server.ts';

/** A test API in a process of its own (configuration from the environment); prints `ready {"port":N}`. */
runProcess('test-api', async () => {
  const api = await startApiServer(loadConfig());
  process.stdout.write(`ready ${JSON.stringify({ port: api.port })}\n`);
  return api;
});
