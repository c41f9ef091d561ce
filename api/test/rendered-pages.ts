// Shared set-up of the tests of pages the server renders from the built web app.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll } from 'vitest';
import { rendererFile } from '../src/modules/public-pages/page-renderer.ts';
import { testApiForFile } from './file-api.ts';
import type { TestApi } from './harness.ts';

/** The built web app and its server renderer (`npm run build`), as production serves them. */
const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The file's test API serving the built web app; without a build the file fails at once, saying so. */
export function renderingTestApiForFile(): TestApi {
  beforeAll(() => {
    if (!existsSync(rendererFile(webDistDir)))
      throw new Error('web/dist-server/entry-server.js is missing: run `npm run build` first');
  });
  return testApiForFile({}, { webDistDir });
}

/** The server-rendered app: what #root holds. */
export const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*<script id="page-data"/.exec(html)?.[1] ?? '';

/** Text of markup, as a reader without JavaScript reads it (tags dropped, entities of quotes and <> kept escaped). */
export const textOf = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** A post list answer (GET /api/posts), in the shape the web's hook holds it. */
export async function postListOf(res: Response) {
  return {
    posts: (await res.json()) as { slug: string; title: string }[],
    total: Number(res.headers.get('x-total-count')),
    totalPages: Number(res.headers.get('x-total-pages')),
    page: Number(res.headers.get('x-page')),
    limit: Number(res.headers.get('x-limit')),
  };
}
