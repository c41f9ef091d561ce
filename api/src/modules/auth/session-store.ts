import session, { type SessionData } from 'express-session';
import type { Redis } from 'ioredis';

/**
 * express-session's store on the app's Redis, shared by every API process. Each session is one
 * key that expires after the idle time; a set per user lists that user's sessions, so an admin's
 * action (deactivate, delete, reset) or a password change can end them all at once.
 */
export class RedisSessionStore extends session.Store {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly idleSeconds: number,
    private readonly absoluteSeconds: number,
  ) {
    super();
  }

  private key = (sid: string) => `${this.prefix}:sess:${sid}`;
  private userKey = (userId: number) => `${this.prefix}:user-sess:${userId}`;

  /**
   * Reads a session and restarts its idle time in one round trip (GETEX). No `touch` on purpose: with
   * one, express-session would write the key again at the end of every request (a second round trip)
   * and hold the answer's last byte until Redis replied.
   */
  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.redis.getex(this.key(sid), 'EX', this.idleSeconds).then(
      (json) => callback(null, json ? (JSON.parse(json) as SessionData) : null),
      (err: unknown) => callback(err),
    );
  }

  override set(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    const multi = this.redis.multi().set(this.key(sid), JSON.stringify(data), 'EX', this.idleSeconds);
    if (data.userId !== undefined) {
      multi.sadd(this.userKey(data.userId), sid).expire(this.userKey(data.userId), this.absoluteSeconds);
    }
    multi.exec().then(
      () => callback?.(),
      (err: unknown) => callback?.(err),
    );
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.destroyOne(sid).then(
      () => callback?.(),
      (err: unknown) => callback?.(err),
    );
  }

  private async destroyOne(sid: string): Promise<void> {
    const json = await this.redis.getdel(this.key(sid));
    const userId = json ? (JSON.parse(json) as SessionData).userId : undefined;
    if (userId !== undefined) await this.redis.srem(this.userKey(userId), sid);
  }

  /** Ends every session of `userId` except `keepSid` (the caller's own, after a password change). */
  async destroyUserSessions(userId: number, keepSid?: string): Promise<number> {
    const sids = (await this.redis.smembers(this.userKey(userId))).filter((sid) => sid !== keepSid);
    if (sids.length === 0) return 0;
    await this.redis
      .multi()
      .del(...sids.map(this.key))
      .srem(this.userKey(userId), ...sids)
      .exec();
    return sids.length;
  }

  /** Which of `sids` still exist, read without restarting their idle time. */
  async existing(sids: string[]): Promise<Set<string>> {
    if (sids.length === 0) return new Set();
    const pipeline = this.redis.pipeline();
    for (const sid of sids) pipeline.exists(this.key(sid));
    const answers = (await pipeline.exec()) ?? [];
    const failed = answers.find(([err]) => err);
    if (failed) throw failed[0];
    return new Set(sids.filter((_sid, index) => answers[index]?.[1] === 1));
  }
}
