import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Router } from 'express';
import { exactRouter } from '../http/routes.ts';
import type { PublicCacheDeps } from '../modules/public-cache/public-cache.ts';
import { sendPublic } from '../modules/public-cache/send-public.ts';
import { articleFirstPaint, FIRST_PAINT_STYLE, homeFirstPaint } from '../modules/public-pages/first-paint.ts';
import { type ReaderData, readerDataScript } from '../modules/public-pages/reader-data.ts';
import { type PageMeta, withPageMeta } from '../modules/seo/page-meta.ts';
import { isSpaRoute } from './spa-routes.ts';

export interface StaticWebOptions {
  /** Meta tags of the article at `slug`, or null when readers may not see it (then the answer is 404). */
  articleMeta?: (slug: string) => Promise<PageMeta | null>;
  /** What the home page and an article show, written into their HTML so the app needs no fetch to draw them. */
  readerData?: { home(): Promise<ReaderData>; article(slug: string): Promise<ReaderData> };
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The page's first screen in #root and its data at the end of the body. (Preloading the page's chunks
 * here was measured and dropped: they compete with the first image for the connection, and the first
 * screen no longer waits for them.) Replacer functions, never replacement strings: people's text in
 * the page must not be read as `$'`-style patterns.
 */
function withReaderPage(html: string, page: { data: ReaderData; firstPaint: string }): string {
  return html
    .replace('</head>', () => `  ${FIRST_PAINT_STYLE}\n  </head>`)
    .replace(EMPTY_ROOT, () => `<div id="root">${page.firstPaint}</div>`)
    .replace('</body>', () => `  ${readerDataScript(page.data)}\n  </body>`);
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
  '.map',
]);
const HTML = 'text/html; charset=utf-8';
/** The shell and article HTML: always revalidated (ETag), so a new deploy or edit shows at once. */
const REVALIDATE = 'no-cache';

/** Every file of the built app, by URL path, read once at start (the whole build is under 1 MB). */
function readBuild(webDistDir: string): Map<string, { body: Buffer; ext: string }> {
  const files = new Map<string, { body: Buffer; ext: string }>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else {
        const urlPath = `/${path.relative(webDistDir, file).split(path.sep).join('/')}`;
        if (urlPath !== '/index.html')
          files.set(urlPath, { body: readFileSync(file), ext: path.extname(name) });
      }
    }
  };
  walk(webDistDir);
  return files;
}

/**
 * Serves the built SPA from memory: hashed assets cached for a year, the shell revalidated by
 * ETag, article pages with their own meta tags and JSON-LD (cached per content version), and
 * a path the app has no page for answered 404 with the shell (the app shows its 404 screen).
 * Once answered, each of them is served by the edge (public-edge.ts) without the middleware stack.
 */
export function staticWebRouter(
  deps: PublicCacheDeps,
  webDistDir: string,
  siteName: string,
  options: StaticWebOptions = {},
): Router | undefined {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const build = readBuild(webDistDir);
  const router = exactRouter();

  router.get('/{*splat}', async (req, res, next) => {
    const file = build.get(req.path);
    if (!file) return next();
    const immutable = req.path.startsWith('/assets/');
    await sendPublic(
      deps,
      req,
      res,
      async () => ({
        contentType: TYPES[file.ext] ?? 'application/octet-stream',
        cacheControl: immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        body: file.body,
        compress: COMPRESSIBLE.has(file.ext),
      }),
      { static: true },
    );
  });
  // Not in the build: a hashed asset of another deploy is gone for good.
  router.use('/assets', (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });

  const { articleMeta, readerData } = options;
  if (articleMeta) {
    router.get('/post/:slug', async (req, res) => {
      await sendPublic(deps, req, res, async () => {
        const meta = await articleMeta(req.params.slug);
        // The SPA still renders its "not found" state; the status tells crawlers the truth.
        if (!meta) return { status: 404, contentType: HTML, cacheControl: REVALIDATE, body: indexHtml };
        const html = withPageMeta(indexHtml, meta, siteName);
        const data = await readerData?.article(req.params.slug);
        return {
          contentType: HTML,
          cacheControl: REVALIDATE,
          body: data?.post
            ? withReaderPage(html, { data, firstPaint: articleFirstPaint(data.post, siteName) })
            : html,
          // The page shows the article's comments: it follows that article's own changes too.
          postId: data?.post?.id,
        };
      });
    });
  }
  if (readerData) {
    // The home page's HTML carries its latest posts, so it follows the content version like the list call.
    router.get('/', async (req, res) => {
      await sendPublic(deps, req, res, async () => {
        const data = await readerData.home();
        return {
          contentType: HTML,
          cacheControl: REVALIDATE,
          body: withReaderPage(indexHtml, { data, firstPaint: homeFirstPaint(data, siteName) }),
        };
      });
    });
  }
  router.get('/{*splat}', async (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path === '/api') return next();
    const known = isSpaRoute(req.path);
    await sendPublic(
      deps,
      req,
      res,
      async () => ({
        status: known ? 200 : 404,
        contentType: HTML,
        cacheControl: REVALIDATE,
        body: indexHtml,
      }),
      { static: true },
    );
  });
  return router;
}
