import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectionFailureMessage } from '../../connection-failure.ts';
import type { Logger } from '../../logger.ts';

/** The channel the database's triggers notify by default (db/migrations/0005-public-content-notify.ts). */
export const PUBLIC_CONTENT_CHANNEL = 'blog_public_content';
const RECONNECT_MS = 1000;

/**
 * What a cached answer was built from: the whole-site epoch and, for an article, its own epoch
 * (its comments). It is still good while both are unchanged.
 */
export interface ContentStamp {
  site: number;
  post?: { id: number; epoch: number };
}

/**
 * A post body changed by a committed transaction (db/migrations/20261129200000-post-body-notify.ts):
 * `change` names that transaction (the same on every process), `shared` says the body came from the
 * live session's own document.
 */
export interface BodyChange {
  postId: number;
  change: string;
  shared: boolean;
}

/**
 * This process's view of "what readers see changed", pushed by PostgreSQL itself: statement-level
 * triggers on every table a public answer reads `NOTIFY blog_public_content` with `site` or
 * `post:<id>` when a committed statement altered something public — whoever wrote it (any API
 * process, the worker, a cascade, an operator's psql). Epochs are local counters bumped per
 * notification, so checking a cached answer costs no round trip.
 *
 * Guarantees:
 * - While the connection is down (`live` false; retried every second) answers already in memory are
 *   still served — PostgreSQL away means nobody can change anything — but nothing new is stored; on
 *   every (re)connect the site epoch moves, so answers from before the gap are dropped.
 * - A change this process made itself is visible to its next request: after a write request ends,
 *   the next read first waits for a NOTIFY of its own sent on the listening connection
 *   (`settled()`); notifications arrive in commit order, so every earlier commit has arrived by then.
 * - Another process's change arrives as soon as PostgreSQL delivers the notification (well under a
 *   millisecond on one host), before any client can learn of that change from the other process.
 */
export class ContentChanges {
  private siteEpoch = 1;
  /** Counts every change received (a build compares it before and after reading). */
  generation = 0;
  private readonly postEpochs = new Map<number, number>();
  private client: pg.Client | undefined;
  private connected = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private readonly token = randomBytes(6).toString('hex');
  private barrierSeq = 0;
  private readonly barriers = new Map<string, () => void>();
  private writeEnded = false;
  private settling: Promise<void> | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly bodyListeners = new Set<(change: BodyChange) => void>();

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
    /** A checked identifier (config PUBLIC_CONTENT_CHANNEL): the one the writers' sessions name. */
    private readonly channel: string = PUBLIC_CONTENT_CHANNEL,
  ) {}

  /** Connects and listens; fails with one readable line when PostgreSQL does not answer. */
  async start(): Promise<void> {
    await this.connect().catch((err: unknown) => {
      throw new Error(connectionFailureMessage('PostgreSQL', this.databaseUrl, err), { cause: err });
    });
  }

  /** Whether notifications are flowing, so memory may be trusted. */
  get live(): boolean {
    return this.connected;
  }

  /** The current stamp of the whole site, or of one article. */
  stamp(postId?: number): ContentStamp {
    return postId === undefined
      ? { site: this.siteEpoch }
      : { site: this.siteEpoch, post: { id: postId, epoch: this.postEpochs.get(postId) ?? 0 } };
  }

  isCurrent(stamp: ContentStamp): boolean {
    if (stamp.site !== this.siteEpoch) return false;
    return !stamp.post || stamp.post.epoch === (this.postEpochs.get(stamp.post.id) ?? 0);
  }

  /** Called for every change (tests and the memo of counts use it). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called for every post body changed by a committed statement (live co-editing listens). */
  onBodyChange(listener: (change: BodyChange) => void): () => void {
    this.bodyListeners.add(listener);
    return () => this.bodyListeners.delete(listener);
  }

  /** A state-changing request of this process has ended: the next read waits for `settled()`. */
  noteWriteEnded(): void {
    this.writeEnded = true;
  }

  /** True when a read may trust memory right now, without waiting. */
  get settledNow(): boolean {
    return this.connected && !this.writeEnded && !this.settling;
  }

  /**
   * Resolves once every change committed before this call has been received (one NOTIFY round
   * trip on the listening connection); shared by the reads that wait at the same time.
   */
  settled(): Promise<void> {
    if (this.writeEnded || !this.settling) {
      this.writeEnded = false;
      const barrier = this.barrier();
      const current = barrier.finally(() => {
        if (this.settling === current) this.settling = undefined;
      });
      this.settling = current;
    }
    return this.settling!;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.connected = false;
    for (const resolve of this.barriers.values()) resolve();
    this.barriers.clear();
    await this.client?.end().catch(() => undefined);
  }

  private barrier(): Promise<void> {
    const client = this.client;
    if (!client || !this.connected) return Promise.resolve();
    const id = `barrier:${this.token}:${(this.barrierSeq += 1)}`;
    return new Promise<void>((resolve) => {
      this.barriers.set(id, resolve);
      client.query('SELECT pg_notify($1, $2)', [this.channel, id]).catch(() => {
        // The connection broke: the reconnect bumps the site epoch anyway.
        this.barriers.delete(id);
        resolve();
      });
    });
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5000 });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => this.received(message.payload ?? ''));
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.connected = true;
    // Whatever changed while nobody listened: every answer built before now is dropped.
    this.bumpSite();
  }

  private lost(client: pg.Client, err?: Error): void {
    if (client !== this.client || this.closed) return;
    this.client = undefined;
    this.connected = false;
    for (const resolve of this.barriers.values()) resolve();
    this.barriers.clear();
    this.logger.warn({ err: err?.message }, 'public content notifications lost; reconnecting');
    client.end().catch(() => undefined);
    const attempt = () => {
      this.retry = undefined;
      if (this.closed) return;
      this.connect().catch((connectErr: unknown) => {
        this.logger.warn({ err: (connectErr as Error).message }, 'public content notifications still down');
        this.retry = setTimeout(attempt, RECONNECT_MS);
      });
    };
    this.retry = setTimeout(attempt, RECONNECT_MS);
  }

  private received(payload: string): void {
    if (payload === 'site') return this.bumpSite();
    if (payload.startsWith('post:')) {
      const id = Number(payload.slice(5));
      this.postEpochs.set(id, (this.postEpochs.get(id) ?? 0) + 1);
      this.generation += 1;
      for (const listener of this.listeners) listener();
      return;
    }
    const body = /^body:(\d{1,10}):(\d{1,20})(:shared)?$/.exec(payload);
    if (body) {
      const change: BodyChange = { postId: Number(body[1]), change: body[2]!, shared: body[3] !== undefined };
      for (const listener of this.bodyListeners) listener(change);
      return;
    }
    const barrier = this.barriers.get(payload);
    if (barrier) {
      this.barriers.delete(payload);
      barrier();
    }
  }

  private bumpSite(): void {
    this.siteEpoch += 1;
    this.generation += 1;
    // Article epochs only matter beside the site epoch they were read with: start them afresh.
    this.postEpochs.clear();
    for (const listener of this.listeners) listener();
  }
}
