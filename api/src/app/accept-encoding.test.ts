import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildPost, uniqueSuffix } from '../../test/factories.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';

let api: TestApi;
let word: string;
beforeAll(async () => {
  api = await startTestApi();
  word = `kodowanie${uniqueSuffix()}`;
  const category = await buildCategory();
  // Six summaries with long excerpts: well over the 1 KB below which nothing is compressed.
  for (let i = 0; i < 6; i++)
    await buildPost({ excerpt: `${word} ${'Długa zajawka o uwadze. '.repeat(20)}`, categories: [category] });
});
afterAll(async () => {
  await api?.close();
});

/** The Content-Encoding of one GET with exactly this Accept-Encoding (node:http adds none of its own). */
const encodingOf = (pathname: string, acceptEncoding: string) =>
  new Promise<string | undefined>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: api.port, path: pathname, headers: { 'accept-encoding': acceptEncoding } },
      (res) => {
        res.resume();
        if (res.statusCode !== 200) reject(new Error(`${pathname}: ${res.statusCode}`));
        resolve(res.headers['content-encoding']);
      },
    );
    req.on('error', reject);
    req.end();
  });

/**
 * The first request for a URL is built by Express (its compression middleware encodes it), the
 * second is served from the public cache (which picks between its identity and gzip copies).
 */
let urls = 0;
const bothPaths = async (acceptEncoding: string) => {
  // A URL of its own (every limit from 6 up lists all six posts), so the first request is a miss.
  const pathname = `/api/posts?q=${word}&limit=${6 + urls++}`;
  const built = await encodingOf(pathname, acceptEncoding);
  const cached = await encodingOf(pathname, acceptEncoding);
  return { built, cached };
};

describe('Accept-Encoding q-values', () => {
  it.each(['gzip; q=0', 'gzip;q=0', 'gzip ; q=0.000', 'deflate, gzip; q=0', 'gzip; q=0, identity'])(
    '%j gets no gzip, built (Express) or cached',
    async (header) => {
      const { built, cached } = await bothPaths(header);
      expect(built).not.toBe('gzip');
      expect(cached).toBeUndefined();
    },
  );

  it.each(['gzip', 'gzip; q=0.5', 'deflate;q=0.1, gzip;q=1.0', 'GZIP'])(
    '%j gets gzip, built (Express) or cached',
    async (header) => {
      expect(await bothPaths(header)).toEqual({ built: 'gzip', cached: 'gzip' });
    },
  );
});
