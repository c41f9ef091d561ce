import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import { gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';
import type { ZodType } from 'zod';
import type { ContentChanges, ContentStamp } from './content-changes.ts';
import { Coalescer } from './coalescer.ts';
import { GZIP_LEVEL, PartedBody } from './parted-body.ts';
import { type ContentCaching, FOLLOWS_CONTENT, unshared } from './shared-caching.ts';

/** A whole answer kept in memory: identity and gzip bodies, the headers the full stack gave it. */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  gzip?: Buffer;
  /**
   * Whether the answer is sent with `Vary: Accept-Encoding`: whenever it could be compressed, even when
   * this one is too small to be (as Express's compression middleware, which the misses go through, does).
   */
  varies: boolean;
  etag: string;
  /** What it was built from; `static` never goes stale (the shell, hashed assets). */
  stamp: ContentStamp | 'static';
  /** The route pattern it answers (`/api/posts/:slugOrId`), for metrics and the access log. */
  route: string;
  bytes: number;
  /** Used since the eviction last passed it over (the public cache's second chance). */
  used?: boolean;
  /** Its header lines per kind of answer, prepared on its first answer (writeCached). */
  wire?: { identity: string[]; gzip?: string[]; notModified: string[] };
}

export interface FreshBody {
  status?: number;
  contentType: string;
  /** The body, or `json` for a JSON answer (then sent with res.json, so the contract check still sees it). */
  body?: string | Buffer | PartedBody;
  json?: unknown;
  /** Its Cache-Control, or FOLLOWS_CONTENT for an answer kept until the content changes. */
  cacheControl: string | typeof FOLLOWS_CONTENT;
  headers?: Record<string, string>;
  /** False for bodies that are compressed already (images, fonts). */
  compress?: boolean;
  /** The article this answer shows: it then also follows that article's own changes (its comments). */
  postId?: number;
}

/**
 * Headers that describe one exchange, not the answer: never recorded from the full stack and never
 * replayed from memory. The one list for everything the edge serves.
 */
export const PER_REQUEST_HEADERS = new Set([
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
/** Request targets whose keys are remembered at once (keyOfTarget). */
const KEY_MEMO_SIZE = 1000;
/** Bookkeeping per entry beside its bodies (key, headers, map slot), counted against the bound. */
const ENTRY_OVERHEAD = 512;

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
  const accepted = req.headers['accept-encoding'];
  if (!accepted) return false;
  // The common plain lists (`gzip, deflate, br, zstd`) without weights or wildcards, read at once.
  if (!/[;*]/.test(accepted))
    return accepted.split(',').some((coding) => coding.trim().toLowerCase() === 'gzip');
  return new Negotiator(req).encoding(['gzip', 'identity']) === 'gzip';
}

/** The headers of a response so far, less the per-exchange ones: what every later answer repeats. */
export function answerHeaders(res: ServerResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_REQUEST_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** An answer built from `fresh` on top of the headers the stack already set. */
export function buildEntry(
  headersSoFar: Record<string, string>,
  fresh: FreshBody,
  stamp: CachedResponse['stamp'],
  route: string,
  caching: ContentCaching,
): CachedResponse {
  const headers: Record<string, string> = { ...headersSoFar };
  headers['content-type'] = fresh.contentType;
  const followsContent = fresh.cacheControl === FOLLOWS_CONTENT;
  headers['cache-control'] = followsContent ? caching.cacheControl : (fresh.cacheControl as string);
  // An answer that follows the content names its keys, so a cache in front can be purged by them.
  if (stamp !== 'static' && followsContent) Object.assign(headers, caching.sharedHeaders(stamp));
  Object.assign(headers, fresh.headers);
  const raw = fresh.json !== undefined ? JSON.stringify(fresh.json) : (fresh.body ?? '');
  const varies = fresh.compress !== false;
  let body: Buffer;
  let gzip: Buffer | undefined;
  if (raw instanceof PartedBody) {
    ({ bytes: body, gzip } = varies ? raw.encode() : { bytes: raw.bytes(), gzip: undefined });
    if (body.length < GZIP_THRESHOLD) gzip = undefined;
  } else {
    body = typeof raw === 'string' ? Buffer.from(raw) : raw;
    gzip = varies && body.length >= GZIP_THRESHOLD ? gzipSync(body, { level: GZIP_LEVEL }) : undefined;
  }
  return {
    status: fresh.status ?? 200,
    headers,
    body,
    gzip,
    varies,
    etag: strongEtag(body),
    stamp,
    route,
    bytes: body.length + (gzip?.length ?? 0) + ENTRY_OVERHEAD,
  };
}

/**
 * Writes a cached answer straight to the socket: 304 when the browser holds it (strong ETag),
 * gzip when the browser takes it. The edge's hits and the routers' misses both write through it,
 * so both give the same bytes and headers.
 */
export function writeCached(req: IncomingMessage, res: ServerResponse, entry: CachedResponse): void {
  const wire = (entry.wire ??= wireHeaders(entry));
  if (matchesIfNoneMatch(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, wire.notModified);
    res.end();
    return;
  }
  const gzip = entry.gzip !== undefined && acceptsGzip(req);
  res.writeHead(entry.status, gzip ? wire.gzip! : wire.identity);
  res.end(req.method === 'HEAD' ? undefined : gzip ? entry.gzip : entry.body);
}

/**
 * The header lines of each answer an entry gives (whole, gzip, 304), as the flat name/value lists
 * writeHead takes: built on its first answer, so a hit only picks one.
 */
function wireHeaders(entry: CachedResponse): NonNullable<CachedResponse['wire']> {
  const common: string[] = [];
  for (const [name, value] of Object.entries(entry.headers)) common.push(name, value);
  common.push('etag', entry.etag);
  if (entry.varies) common.push('vary', 'Accept-Encoding');
  const notModified: string[] = [];
  for (let at = 0; at < common.length; at += 2)
    if (common[at] !== 'content-type') notModified.push(common[at]!, common[at + 1]!);
  return {
    identity: [...common, 'content-length', String(entry.body.length)],
    gzip: entry.gzip && [...common, 'content-encoding', 'gzip', 'content-length', String(entry.gzip.length)],
    notModified,
  };
}

/** A live answer recorded from the full stack: rebuilt per turn of the event loop, never from a DB change. */
export interface LiveRoute {
  route: string;
  headers: Record<string, string>;
  produce: () => Promise<FreshBody>;
}

export interface CacheCounters {
  hit(): void;
  miss(): void;
}

/**
 * Public answers (lists, articles, feeds, sitemap, the served HTML, the built files) kept in memory,
 * each with the content stamp it was built from (content-changes.ts), in a least-recently-used
 * order bounded in bytes.
 *
 * Keys are normalised: the path alone (the query is ignored), or — for a route that declared the
 * schema of its query — the path and the parsed, validated query, so unknown or reordered parameters
 * share one entry and `?junk=N` never makes a new one.
 */
export class PublicResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly querySchemas = new Map<string, ZodType>();
  /** Pages whose paths carry a parameter (`/kategoria/:slug`): one schema for every path they match. */
  private readonly queryPatterns: { pattern: RegExp; schema: ZodType }[] = [];
  private readonly live = new Map<string, LiveRoute>();
  private readonly values = new Map<string, { site: number; value: Promise<unknown> }>();
  /** Keys of request targets already parsed (keyOfTarget). */
  private readonly keys = new Map<string, string | undefined>();
  private bytes = 0;
  readonly coalescer = new Coalescer();
  counters: CacheCounters = { hit: () => undefined, miss: () => undefined };

  constructor(
    readonly changes: ContentChanges,
    private readonly maxBytes: number,
    /** How its answers may be kept by caches in front (from CDN_PURGE). */
    readonly caching: ContentCaching,
  ) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The normalised key of a path and its parsed query, or undefined when the query of a route that
   * declared its schema does not parse (the route answers 400 itself).
   */
  keyOf(pathname: string, query: Record<string, unknown> | undefined): string | undefined {
    const schema = this.schemaOf(pathname);
    return schema ? this.parseKey(pathname, schema, query) : pathname;
  }

  /**
   * The key of a request target as it arrived (`/api/posts?page=2&x=1`). A target seen before gets
   * its key from memory, without splitting or parsing it again (bounded: a flood of new targets only
   * empties the memo).
   */
  keyOfTarget(target: string): string | undefined {
    const known = this.keys.get(target);
    if (known !== undefined || this.keys.has(target)) return known;
    const mark = target.indexOf('?');
    const pathname = mark < 0 ? target : target.slice(0, mark);
    const schema = this.schemaOf(pathname);
    const key = schema ? this.parseKey(pathname, schema, mark < 0 ? '' : target.slice(mark + 1)) : pathname;
    if (this.keys.size >= KEY_MEMO_SIZE) this.keys.clear();
    this.keys.set(target, key);
    return key;
  }

  private schemaOf(pathname: string): ZodType | undefined {
    return (
      this.querySchemas.get(pathname) ??
      this.queryPatterns.find(({ pattern }) => pattern.test(pathname))?.schema
    );
  }

  private parseKey(
    pathname: string,
    schema: ZodType,
    query: string | Record<string, unknown> | undefined,
  ): string | undefined {
    const raw = typeof query === 'string' ? querystring.parse(query) : (query ?? {});
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return undefined;
    const values = parsed.data as Record<string, unknown>;
    const canonical = Object.keys(values)
      .filter((name) => values[name] !== undefined)
      .sort()
      .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(String(values[name]))}`)
      .join('&');
    return `${pathname}?${canonical}`;
  }

  /** A route whose answer depends on its query: keys of `pathname` carry the parsed query. */
  declareQuery(pathname: string, schema: ZodType): void {
    if (this.querySchemas.has(pathname)) return;
    this.querySchemas.set(pathname, schema);
    // Targets of this path remembered before now were keyed by the path alone.
    this.keys.clear();
  }

  /**
   * Every path matching `pattern` reads its query by `schema` (declared before the first request: the
   * edge keys a request before any route has seen it).
   */
  declareQueryPattern(pattern: RegExp, schema: ZodType): void {
    this.queryPatterns.push({ pattern, schema });
    this.keys.clear();
  }

  /** The entry at `key` if it is still good now (memory alone, no waiting); marks it recently used. */
  fresh(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp !== 'static' && !this.changes.isCurrent(entry.stamp)) return undefined;
    // Marked, not moved: moving it to the end of the Map's order cost more than a hit's other work.
    entry.used = true;
    return entry;
  }

  liveRoute(key: string): LiveRoute | undefined {
    return this.live.get(key);
  }

  /** Records a live route from its first full-stack answer (its headers), then the edge serves it. */
  recordLive(key: string, route: LiveRoute): void {
    if (!this.live.has(key) && this.live.size < 100) this.live.set(key, route);
  }

  /**
   * The good entry at `key`, or builds it once per key and stamp (concurrent misses share one
   * build) from `produce` on top of the headers the stack already set (security headers and the
   * like). Stored unless the stack set a cookie or changes are not being received.
   */
  async answer(
    key: string,
    isStatic: boolean,
    headersSoFar: Record<string, string>,
    route: string,
    produce: () => Promise<FreshBody>,
    options: { store: boolean },
  ): Promise<{ entry: CachedResponse; fresh?: FreshBody }> {
    // After a write of this process, its change must be in memory before anything is read from it.
    if (this.changes.live && !this.changes.settledNow) await this.changes.settled();
    const hit = this.fresh(key);
    if (hit) {
      this.counters.hit();
      return { entry: hit };
    }
    this.counters.miss();
    const generation = this.changes.generation;
    let built: FreshBody | undefined;
    const entry = await this.coalescer.join(`build\u0000${generation}\u0000${key}`, async () => {
      built = await produce();
      const made = buildEntry(
        headersSoFar,
        built,
        isStatic ? 'static' : this.changes.stamp(built.postId),
        route,
        this.caching,
      );
      // A change that landed while the data was read leaves this answer unstored (it may predate it),
      // here and in any cache in front: that change's purge may reach the CDN before this answer does.
      const unchanged = isStatic || this.changes.generation === generation;
      if (!unchanged) return { ...made, headers: unshared(made.headers), wire: undefined };
      if (options.store && this.changes.live) this.store(key, made);
      return made;
    });
    return { entry, fresh: built };
  }

  /**
   * A value (an exact count, say) computed once per content and `key`: a page view then never
   * counts every visible post again until something changes.
   */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.changes.live) return compute();
    const { site } = this.changes.stamp();
    const known = this.values.get(key);
    if (known && known.site === site) return known.value as Promise<T>;
    if (this.values.size >= 1000) this.values.clear();
    const value = compute();
    this.values.set(key, { site, value });
    value.catch(() => this.values.delete(key));
    return value;
  }

  private store(key: string, entry: CachedResponse): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    if (entry.bytes > this.maxBytes / 4) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    // Oldest first, but an entry used since it was last passed over gets a second chance at the end
    // of the order (the clock algorithm: least recently used, near enough, without a move per hit).
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      // The answer just built is the most recent of all, whatever the others' marks.
      if (oldKey === key) continue;
      this.entries.delete(oldKey);
      if (oldEntry.used) {
        oldEntry.used = false;
        this.entries.set(oldKey, oldEntry);
      } else this.bytes -= oldEntry.bytes;
    }
  }
}
