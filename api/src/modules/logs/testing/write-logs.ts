// A separate process for the capped-log race test: writes COUNT entries tagged TAG, all at once.
import { Redis } from 'ioredis';
import type { Config } from '../../../config.ts';
import { systemClock } from '../../../deps.ts';
import { createLogger } from '../../../logger.ts';
import { appendLog } from '../capped-log.ts';

const [redisUrl, prefix, tag, count] = process.argv.slice(2) as [string, string, string, string];
const redis = new Redis(redisUrl);
const deps = {
  redis,
  config: { REDIS_PREFIX: prefix } as Config,
  clock: systemClock,
  logger: createLogger('silent'),
};
const writes: Promise<boolean>[] = [];
for (let i = 0; i < Number(count); i++) writes.push(appendLog(deps, 'application', 'INFO', `${tag} ${i}`));
const results = await Promise.all(writes);
await redis.quit();
process.exit(results.every(Boolean) ? 0 : 1);
