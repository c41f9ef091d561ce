import type { Config } from '@blog/api/config';
import { imageOfKey } from '@blog/api/public-cache/keys';
import { postPath } from '@blog/shared/addresses';
import { imageFilePath } from '@blog/shared/rules';
import { QueryTypes } from 'sequelize';
import type { WorkerContext } from '../context.ts';

/** What a purge is handed besides its keys: where to read an article's address (Cloudflare by URL). */
export type PurgeContext = Pick<WorkerContext, 'sequelize'>;

/** One way of telling a cache in front to drop what carries some surrogate keys (docs/cdn.md). */
export interface PurgeTarget {
  /** The CDN_PURGE value, for logs. */
  kind: Config['CDN_PURGE'];
  /** Resolves once the cache has accepted the purge; rejects (to be retried) otherwise. */
  purge(keys: string[], ctx: PurgeContext): Promise<void>;
}

type CdnConfig = Pick<
  Config,
  'CDN_PURGE' | 'CDN_PURGE_URL' | 'CDN_SERVICE_ID' | 'CDN_PURGE_TOKEN' | 'CDN_PURGE_TIMEOUT_MS' | 'PUBLIC_URL'
>;

const FASTLY_API = 'https://api.fastly.com';
const CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4';
/** Cloudflare takes at most this many tags or URLs per call. */
const CLOUDFLARE_BATCH = 30;

const trimSlash = (url: string) => url.replace(/\/+$/, '');
const urlsOf = (config: CdnConfig) =>
  (config.CDN_PURGE_URL ?? '')
    .split(',')
    .map((url) => trimSlash(url.trim()))
    .filter(Boolean);

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, at) => items.slice(at * size, (at + 1) * size));

/** One call; anything but a 2xx (or no answer in time) is an error the queue retries. */
async function call(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) {
    const text = (await res.text().catch(() => '')).slice(0, 200);
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}${text ? `: ${text}` : ''}`);
  }
  return res;
}

/** Cloudflare answers 200 with `success: false` for some refusals. */
async function cloudflareCall(url: string, token: string, body: unknown, timeoutMs: number): Promise<void> {
  const res = await call(
    url,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    timeoutMs,
  );
  const answer = (await res.json().catch(() => ({}))) as { success?: boolean; errors?: unknown };
  if (answer.success !== true)
    throw new Error(`Cloudflare refused the purge: ${JSON.stringify(answer.errors)}`);
}

/** The addresses an article is cached under: its page and its JSON by slug and by id. */
async function articleUrls(ctx: PurgeContext, publicUrl: string, postIds: number[]): Promise<string[]> {
  if (postIds.length === 0) return [];
  const rows = await ctx.sequelize.query<{ id: number; slug: string }>(
    'SELECT id, slug FROM posts WHERE id IN (:postIds)',
    { type: QueryTypes.SELECT, replacements: { postIds } },
  );
  const base = trimSlash(publicUrl);
  return rows.flatMap(({ id, slug }) => [
    `${base}${postPath(slug)}`,
    `${base}/api/posts/${encodeURIComponent(slug)}`,
    `${base}/api/posts/${id}`,
  ]);
}

/** The target CDN_PURGE names, or undefined for `none`. */
export function purgeTargetFor(config: CdnConfig): PurgeTarget | undefined {
  const timeout = config.CDN_PURGE_TIMEOUT_MS;
  const kind = config.CDN_PURGE;
  switch (kind) {
    case 'none':
      return undefined;
    // Varnish with vmod-xkey: `PURGE` with the keys in `xkey` (the reference VCL calls xkey.purge).
    case 'varnish-xkey':
      return {
        kind,
        async purge(keys) {
          await Promise.all(
            urlsOf(config).map((url) =>
              call(`${url}/`, { method: 'PURGE', headers: { xkey: keys.join(' ') } }, timeout),
            ),
          );
        },
      };
    // Varnish without xkey: a ban of every object whose Surrogate-Key matches a regular expression
    // (keys are letters, digits and dashes: no escaping). Sent as PURGE with the expression in
    // X-Ban-Surrogate-Key, which the reference VCL turns into ban() (a BAN method is refused by
    // many proxies and HTTP parsers on the way).
    case 'varnish-ban':
      return {
        kind,
        async purge(keys) {
          const pattern = `(^|\\s)(${keys.join('|')})(\\s|$)`;
          await Promise.all(
            urlsOf(config).map((url) =>
              call(`${url}/`, { method: 'PURGE', headers: { 'x-ban-surrogate-key': pattern } }, timeout),
            ),
          );
        },
      };
    // Fastly: one call per purge, every key at once (Surrogate-Key), a hard purge.
    case 'fastly': {
      const base = urlsOf(config)[0] ?? FASTLY_API;
      return {
        kind,
        async purge(keys) {
          await call(
            `${base}/service/${encodeURIComponent(config.CDN_SERVICE_ID!)}/purge`,
            {
              method: 'POST',
              headers: { 'fastly-key': config.CDN_PURGE_TOKEN!, 'surrogate-key': keys.join(' ') },
            },
            timeout,
          );
        },
      };
    }
    // Cloudflare, by the Cache-Tag each answer carries.
    case 'cloudflare-tags': {
      const base = urlsOf(config)[0] ?? CLOUDFLARE_API;
      const url = `${base}/zones/${encodeURIComponent(config.CDN_SERVICE_ID!)}/purge_cache`;
      return {
        kind,
        async purge(keys) {
          for (const tags of chunks(keys, CLOUDFLARE_BATCH))
            await cloudflareCall(url, config.CDN_PURGE_TOKEN!, { tags }, timeout);
        },
      };
    }
    // Cloudflare without cache tags: the whole zone for a site-wide change, an article's or a removed
    // image's addresses otherwise.
    case 'cloudflare-urls': {
      const base = urlsOf(config)[0] ?? CLOUDFLARE_API;
      const url = `${base}/zones/${encodeURIComponent(config.CDN_SERVICE_ID!)}/purge_cache`;
      return {
        kind,
        async purge(keys, ctx) {
          if (keys.includes('site'))
            return cloudflareCall(url, config.CDN_PURGE_TOKEN!, { purge_everything: true }, timeout);
          const postIds = keys.flatMap((key) => (/^post-(\d+)$/.exec(key) ? [Number(key.slice(5))] : []));
          const images = keys.flatMap((key) => imageOfKey(key) ?? []);
          const urls = [
            ...(await articleUrls(ctx, config.PUBLIC_URL, postIds)),
            ...images.map((file) => `${trimSlash(config.PUBLIC_URL)}${imageFilePath(file)}`),
          ];
          for (const files of chunks(urls, CLOUDFLARE_BATCH))
            await cloudflareCall(url, config.CDN_PURGE_TOKEN!, { files }, timeout);
        },
      };
    }
    // Anything else: the keys as JSON, for a script of the operator's own.
    case 'webhook': {
      const [url] = urlsOf(config);
      return {
        kind,
        async purge(keys) {
          await call(
            url!,
            {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                ...(config.CDN_PURGE_TOKEN ? { authorization: `Bearer ${config.CDN_PURGE_TOKEN}` } : {}),
              },
              body: JSON.stringify({ keys }),
            },
            timeout,
          );
        },
      };
    }
  }
}
