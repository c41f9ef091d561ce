import type { Redis } from 'ioredis';

/** The map of the shared document holding its own flags, beside TipTap's fragment ("default"). */
export const COLLAB_META_MAP = 'meta';
export const COLLAB_FRAGMENT = 'default';

/** Stateless messages between the editor and the server (JSON strings). */
export interface SeedRequest {
  type: 'seed';
}
export interface SeedAnswer {
  type: 'seed';
  granted: boolean;
}
/**
 * An editor of an older build asks to replace a body saved outside the session (the server now does
 * it itself: collab-server.ts); it is granted only when nobody, the server included, took the change.
 */
export interface ReplaceRequest {
  type: 'replace';
  change: string;
}
export interface ReplaceAnswer {
  type: 'replace';
  change: string;
  granted: boolean;
}

/**
 * One doer across every API process (seeding a new document, replacing a body saved outside the
 * session): the first to ask takes the Redis key for 30 s; the others are refused, and check again
 * should nothing have happened by then.
 */
const LEASE_SECONDS = 30;

export async function claimLease(redis: Redis, key: string): Promise<boolean> {
  return (await redis.set(key, '1', 'EX', LEASE_SECONDS, 'NX')) === 'OK';
}
