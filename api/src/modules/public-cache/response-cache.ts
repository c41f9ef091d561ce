import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';
import type { Deps } from '../../deps.ts';
import { readContentVersion } from './content-version.ts';

/** A whole answer kept in memory: identity and gzip bodies, the headers the full stack gave it. */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  gzip?: Buffer;
  etag: string;
  /** The content version it was built from; `static` never goes stale (the shell, hashed assets). */
  version: number | 'static';
  bytes: number;
}

export interface FreshBody {
  status?: number;
  contentType: string;
  /** The body, or `json` for a JSON answer (then sent with res.json, so the contract check still sees it). */
  body?: string | Buffer;
  json?: unknown;
  cacheControl: string;
  headers?: Record<string, string>;
  /** False for bodies that are compressed already (images, fonts). */
  compress?: boolean;
}

/** Headers of the full stack that describe one exchange, not the answer: never replayed. */
const PER_REQUEST_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
  'retry-after',
]);
const GZIP_THRESHOLD = 1024;
const MAX_ENTRIES = 5000;
const MAX_BYTES = 48 * 1024 * 1024;

export const strongEtag = (body: Buffer) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

/** True when any entity tag of If-None-Match is this one (or `*`). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Whether the browser takes the gzip copy, by the same negotiation Express's compression middleware
 * uses (q-values with or without spaces, `*`, case): `gzip; q=0` means no.
 */
function acceptsGzip(req: IncomingMessage): boolean {
  return new Negotiator(req).encoding(['gzip', 'identity']) === 'gzip';
}

/**
 * Writes a cached answer straight to the socket: 304 when the browser holds it (strong ETag),
 * gzip when the browser takes it. Shared by the fast path and by the routers after a miss, so
 * both give the same bytes.
 */
export function writeCached(req: IncomingMessage, res: ServerResponse, entry: CachedResponse): void {
  const headers: OutgoingHttpHeaders = { ...entry.headers, etag: entry.etag };
  if (entry.gzip) headers.vary = 'Accept-Encoding';
  if (matchesIfNoneMatch(req.headers['if-none-match'], entry.etag)) {
    delete headers['content-type'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const gzip = entry.gzip && acceptsGzip(req);
  const body = gzip ? entry.gzip! : entry.body;
  if (gzip) headers['content-encoding'] = 'gzip';
  headers['content-length'] = String(body.length);
  res.writeHead(entry.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Public answers (lists, articles, feeds, sitemap, the served HTML) kept per content version.
 * Every API process holds its own copy and asks Redis for the version on each request, so a
 * change made through any process (markContentChanged) is seen by all of them at once.
 *
 * The version read is shared by the requests that arrive in the same turn of the event loop; it
 * is sent after all of them arrived, so none can see a version older than its own arrival.
 */
export class PublicResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly pending = new Map<string, Promise<CachedResponse>>();
  private readonly values = new Map<string, { version: number; value: Promise<unknown> }>();
  private bytes = 0;
  private nextRead: Promise<number> | undefined;

  constructor(private readonly deps: Pick<Deps, 'redis' | 'config'>) {}

  currentVersion(): Promise<number> {
    this.nextRead ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        this.nextRead = undefined;
        readContentVersion(this.deps).then(resolve, reject);
      });
    });
    return this.nextRead;
  }

  /** A fresh entry for `key` (static, or of `version`), if there is one. */
  lookup(key: string, version: number | 'static'): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry || (entry.version !== 'static' && entry.version !== version)) return undefined;
    return entry;
  }

  /** Whether anything is cached at `key` (then the fast path asks for the version). */
  has(key: string): CachedResponse | undefined {
    return this.entries.get(key);
  }

  /**
   * The cached answer at `key`, or builds it once (concurrent misses share one build) from
   * `produce` and the headers the stack already set on `res` (security headers and the like).
   */
  async answer(
    key: string,
    version: number | 'static',
    res: ServerResponse,
    produce: () => Promise<FreshBody>,
  ): Promise<{ entry: CachedResponse; fresh?: FreshBody }> {
    const hit = this.lookup(key, version);
    if (hit) return { entry: hit };
    const flightKey = `${version}\u0000${key}`;
    const joined = this.pending.get(flightKey);
    if (joined) return { entry: await joined };
    let built: FreshBody | undefined;
    const flight = (async () => {
      built = await produce();
      const entry = this.build(res, version, built);
      if (!res.getHeader('set-cookie')) this.store(key, entry);
      return entry;
    })();
    this.pending.set(flightKey, flight);
    const clear = () => this.pending.delete(flightKey);
    flight.then(clear, clear);
    const entry = await flight;
    return { entry, fresh: built };
  }

  /**
   * A value (an exact count, say) computed once per content version and `key`: a page view then
   * never counts every visible post again until something changes.
   */
  memo<T>(key: string, version: number, compute: () => Promise<T>): Promise<T> {
    const known = this.values.get(key);
    if (known && known.version === version) return known.value as Promise<T>;
    if (this.values.size >= MAX_ENTRIES) this.values.clear();
    const value = compute();
    this.values.set(key, { version, value });
    value.catch(() => this.values.delete(key));
    return value;
  }

  private build(res: ServerResponse, version: number | 'static', fresh: FreshBody): CachedResponse {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || PER_REQUEST_HEADERS.has(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    headers['content-type'] = fresh.contentType;
    headers['cache-control'] = fresh.cacheControl;
    Object.assign(headers, fresh.headers);
    const raw = fresh.json !== undefined ? JSON.stringify(fresh.json) : (fresh.body ?? '');
    const body = typeof raw === 'string' ? Buffer.from(raw) : raw;
    const gzip =
      fresh.compress !== false && body.length >= GZIP_THRESHOLD ? gzipSync(body, { level: 6 }) : undefined;
    return {
      status: fresh.status ?? 200,
      headers,
      body,
      gzip,
      etag: strongEtag(body),
      version,
      bytes: body.length + (gzip?.length ?? 0) + 512,
    };
  }

  private store(key: string, entry: CachedResponse): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    if (entry.bytes > MAX_BYTES / 4) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    // Oldest first: Map keeps insertion order. Static entries (the shell) are few and re-added on use.
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.entries.delete(oldKey);
      this.bytes -= oldEntry.bytes;
    }
  }
}

const caches = new WeakMap<object, PublicResponseCache>();

/** The process's one cache for these connections (the app's fast path and the routers share it). */
export function publicResponseCache(deps: Pick<Deps, 'redis' | 'config'>): PublicResponseCache {
  let cache = caches.get(deps.redis);
  if (!cache) {
    cache = new PublicResponseCache(deps);
    caches.set(deps.redis, cache);
  }
  return cache;
}
