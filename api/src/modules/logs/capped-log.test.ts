import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Config } from '../../config.ts';
import { systemClock } from '../../deps.ts';
import { createLogger } from '../../logger.ts';
import { appendImageLog, appendLog, clearLog, readLog } from './capped-log.ts';
import { LOG_CAP, logKey } from './log-types.ts';

let redis: Redis;
const prefix = `${inject('redisPrefix')}:capped-${randomBytes(4).toString('hex')}`;
const deps = () => ({
  redis,
  config: { REDIS_PREFIX: prefix } as Config,
  clock: systemClock,
  logger: createLogger('silent'),
});

beforeAll(() => {
  redis = new Redis(inject('redisUrl'));
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const writer = fileURLToPath(new URL('./testing/write-logs.ts', import.meta.url));
function writeFromAnotherProcess(tag: string, count: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', writer, inject('redisUrl'), prefix, tag, String(count)],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    child.once('error', reject);
    child.once('exit', resolve);
  });
}

describe('capped logs', () => {
  it('keeps exactly the newest 10,000 of 10,050 entries written at once by two processes', async () => {
    const [a, b] = await Promise.all([
      writeFromAnotherProcess('A', 5025),
      writeFromAnotherProcess('B', 5025),
    ]);
    expect([a, b]).toEqual([0, 0]);
    const key = logKey(prefix, 'application');
    expect(await redis.xlen(key)).toBe(LOG_CAP);

    // What survives is the tail of the stream's order, and of each writer's own order: the 50 dropped
    // entries are the oldest ones, never one in the middle.
    const kept = (await redis.xrange(key, '-', '+')).map(([, values]) => values[values.indexOf('m') + 1]!);
    const bySender = { A: [] as number[], B: [] as number[] };
    for (const message of kept) {
      const [tag, index] = message.split(' ') as ['A' | 'B', string];
      bySender[tag].push(Number(index));
    }
    for (const indexes of Object.values(bySender)) {
      expect(indexes).toEqual(indexes.map((_, i) => 5025 - indexes.length + i));
    }
    expect(bySender.A.length + bySender.B.length).toBe(LOG_CAP);
    expect(bySender.A.at(-1)).toBe(5024);
    expect(bySender.B.at(-1)).toBe(5024);
  }, 60_000);

  it('reads newest first, clears one log only, and masks credentials in messages', async () => {
    await appendLog(deps(), 'system', 'INFO', 'pierwszy');
    await appendLog(deps(), 'system', 'ERROR', 'drugi password=Tajne-Haslo1 token: abc123', {
      password: 'x',
      ok: 1,
    });
    await appendImageLog(deps(), {
      originalFilename: 'kot.png',
      databasePath: '/uploads/abc.png',
      postTitle: 'Koty',
    });
    const system = await readLog(deps(), 'system', 50);
    expect(system.total).toBe(2);
    expect(system.entries.map((entry) => entry.level)).toEqual(['ERROR', 'INFO']);
    expect(system.entries[0]!.message).toBe('drugi password=[redacted] token: [redacted]');
    expect(system.entries[0]!.fields).toEqual({ ok: 1 });

    await clearLog(deps(), 'system');
    expect((await readLog(deps(), 'system', 50)).total).toBe(0);
    const images = await readLog(deps(), 'images', 50);
    expect(images.total).toBe(1);
    expect(images.entries[0]!.image).toMatchObject({ originalFilename: 'kot.png', postTitle: 'Koty' });
  });
});
