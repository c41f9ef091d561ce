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
 * The post's body was changed outside the session (`change` names the saving transaction): the
 * server tells every editor of the post, one of them is granted the replacing (`ReplaceRequest`,
 * `ReplaceAnswer`), reads the saved body and replaces the shared one with it, writing `change` into
 * the document's `meta` map as `body` in the same transaction.
 */
export interface BodyChangedNotice {
  type: 'body-changed';
  change: string;
}
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
 * A one-editor grant across every API process (seeding a new document, replacing a body saved
 * outside the session): the first asker takes the Redis key for 30 s; the others are refused, and
 * ask again should nothing have happened by then.
 */
const LEASE_SECONDS = 30;

export async function claimLease(redis: Redis, key: string): Promise<boolean> {
  return (await redis.set(key, '1', 'EX', LEASE_SECONDS, 'NX')) === 'OK';
}
