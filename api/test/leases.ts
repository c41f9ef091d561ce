import type { Redis } from 'ioredis';
import { until } from './drill.ts';

/**
 * Waits until Redis's own clock (TIME, the clock a lease's end is scored by in its sorted set, so it
 * cannot be injected) has passed the end of each of `leases` in `key` (all of its members when not
 * given): the wait lasts exactly as long as the leases, with no guessed margin.
 */
export async function untilLeasesRunOut(
  redis: Redis,
  key: string | undefined,
  leases?: string[],
): Promise<void> {
  if (key === undefined) return;
  leases ??= await redis.zrange(key, '0', '-1');
  if (leases.length === 0) return;
  const ends = await Promise.all(leases.map((lease) => redis.zscore(key, lease)));
  const last = Math.max(...ends.filter((end) => end !== null).map(Number));
  if (!Number.isFinite(last)) return;
  await until('the leases to run out on Redis’s clock', async () => {
    const [seconds, micros] = await redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) > last;
  });
}
