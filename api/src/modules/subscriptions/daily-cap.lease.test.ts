import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { untilLeasesRunOut } from '../../../test/leases.ts';
import { dailyCap, dailyLeasesKey } from './daily-cap.ts';
import { warsawDay } from './warsaw-day.ts';

// The cap's Redis half alone, on a prefix of its own: what a process that dies between taking a slot
// and committing its write leaves behind.
let redis: Redis;
beforeAll(() => {
  redis = new Redis(inject('redisUrl'));
});
afterAll(() => redis?.disconnect());

const LEASE_MS = 300;
const capFor = (prefix: string, recorded = 0) =>
  dailyCap(redis, prefix, new Date(), () => Promise.resolve(recorded), LEASE_MS);
const freshPrefix = () => `lease-test-${randomBytes(4).toString('hex')}`;
const leasesRunOut = (prefix: string) =>
  untilLeasesRunOut(redis, dailyLeasesKey(prefix, warsawDay(new Date())));

describe('the daily cap’s slot leases', () => {
  it('frees a slot whose process died before its commit once the lease runs out', async () => {
    const prefix = freshPrefix();
    const cap = capFor(prefix);
    const orphan = await cap.take(1); // taken, then the process "dies": neither confirm nor release
    expect(orphan.taken).toBe(true);
    expect((await cap.take(1)).taken).toBe(false); // the lease still holds the only slot
    await leasesRunOut(prefix);
    const next = await cap.take(1);
    expect(next).toMatchObject({ taken: true, count: 1 });
    await next.confirm();
    expect(await cap.count()).toBe(1);
    expect((await cap.take(1)).taken).toBe(false);
  });

  it('keeps a confirmed slot after its lease would have run out, and frees a released one at once', async () => {
    const prefix = freshPrefix();
    const cap = capFor(prefix, 1);
    const first = await cap.take(3);
    expect(first).toMatchObject({ taken: true, count: 2 });
    await first.confirm();
    const failed = await cap.take(3);
    await failed.release();
    const slow = await cap.take(3);
    await leasesRunOut(prefix);
    await slow.confirm(); // a slow write still counts: its row exists
    expect(await cap.count()).toBe(3);
    expect((await cap.take(3)).taken).toBe(false);
  });

  it('never admits more than the limit while leases are pending', async () => {
    const cap = capFor(freshPrefix());
    const slots = await Promise.all(Array.from({ length: 50 }, () => cap.take(7)));
    expect(slots.filter((slot) => slot.taken)).toHaveLength(7);
    await Promise.all(slots.filter((slot) => slot.taken).map((slot) => slot.confirm()));
    expect(await cap.count()).toBe(7);
  });
});
