import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { exactRouter } from '../http/routes.ts';
import { archivePageParams, PAGE_QUERIES, postsPageParams } from '@blog/shared/rules';
import {
  isAdminPathname,
  pagePattern,
  postPath,
  type PublicPage,
  PUBLIC_PAGES,
} from '@blog/shared/addresses';
import type { ReaderSource, RenderedPage } from '@blog/shared/page-render';
import type { Deps } from '../deps.ts';
import type { PublicCacheDeps } from '../modules/public-cache/public-cache.ts';
import { sendPublic } from '../modules/public-cache/send-public.ts';
import type { FreshBody } from '../modules/public-cache/response-cache.ts';
import type { PartedBody } from '../modules/public-cache/parted-body.ts';
import { FOLLOWS_CONTENT } from '../modules/public-cache/shared-caching.ts';
import { pageDocument } from '../modules/public-pages/page-document.ts';
import { loadPageRenderer } from '../modules/public-pages/page-renderer.ts';
import type { PageSource } from '../modules/public-pages/reader-source.ts';
import type { OldSlugRedirects } from '../modules/posts/slug-redirects.ts';
import { warmUpPages } from '../modules/public-pages/warm-up.ts';
import { type PageMeta, withPageMeta } from '../modules/seo/page-meta.ts';
import { isSpaRoute } from './spa-routes.ts';

export interface StaticWebOptions {
  /** Meta tags of the article at `slug`, or null when readers may not see it (then the answer is 404). */
  articleMeta?: (slug: string) => Promise<PageMeta | null>;
  /** Meta tags of a category or tag page (`url`: its path and page), or null when it has none. */
  archiveMeta?: (url: string) => Promise<PageMeta | null>;
  /**
   * The data of the server-rendered public pages (modules/public-pages). Without it, or without the
   * built renderer, every page is the shell the browser renders alone.
   */
  readerSource?: PageSource;
  /** Answers /post/<old slug> with a 301 to the post's current address, once the slug found no post. */
  oldSlugs?: OldSlugRedirects;
  /** Draws `/` and its newest article once when the renderer has loaded (modules/public-pages/warm-up.ts). */
  warmUp?: boolean;
}

/** A page rendered without some of its data (a service away): sent, never cached. */
class IncompletePage extends Error {
  constructor(readonly page: { status: number; body: PartedBody }) {
    super('page rendered without some of its data');
  }
}

/** An article's address whose slug found no post but is an old slug of one: answered 301, never cached. */
class OldSlug extends Error {
  constructor(readonly current: string) {
    super('an old slug of a post');
  }
}

const first = (value: unknown) => (Array.isArray(value) ? (value as unknown[])[0] : value);

/** The list page's query as the page reads it (rules/pages.ts): the cache key of its HTML. */
const POSTS_PAGE_QUERY = z.record(z.string(), z.unknown()).transform((raw) =>
  postsPageParams((name) => {
    const value = first(raw[name]);
    return typeof value === 'string' ? value : null;
  }),
);

/** A category or tag page's query as the page reads it: its page alone (the cache key of its HTML). */
const ARCHIVE_PAGE_QUERY = z.record(z.string(), z.unknown()).transform((raw) =>
  archivePageParams((name) => {
    const value = first(raw[name]);
    return typeof value === 'string' ? value : null;
  }),
);

/** The category and tag pages (`/kategoria/:slug`, `/tag/:name`), as expressions over a pathname. */
const ARCHIVE_PAGES: RegExp[] = (Object.keys(PAGE_QUERIES) as PublicPage[])
  .filter((page) => PAGE_QUERIES[page] === 'archive')
  .map((page) => pagePattern(PUBLIC_PAGES[page]));
const isArchive = (pathname: string) => ARCHIVE_PAGES.some((pattern) => pattern.test(pathname));

/** Pages rendered per request when their address has a query (a person's link): never kept. */
const PERSONAL_PAGES = new Set<string>(
  (Object.keys(PAGE_QUERIES) as PublicPage[])
    .filter((page) => PAGE_QUERIES[page] === 'personal')
    .map((page) => PUBLIC_PAGES[page]),
);
/** Accepts no parameter at all: with one, the edge finds no key and hands the request to Express. */
const NO_QUERY = z.object({}).strict();

/** The address a page is rendered from: its path, and for the list its page and search alone. */
function pageUrl(pathname: string, query: Record<string, unknown>): string {
  if (isArchive(pathname)) {
    const { page } = ARCHIVE_PAGE_QUERY.parse(query);
    return page > 1 ? `${pathname}?page=${page}` : pathname;
  }
  if (pathname !== PUBLIC_PAGES.posts) return pathname;
  const { page, q } = POSTS_PAGE_QUERY.parse(query);
  const search = new URLSearchParams();
  if (page > 1) search.set('page', String(page));
  if (q) search.set('q', q);
  return search.size ? `${pathname}?${search}` : pathname;
}

const ARTICLE = pagePattern(PUBLIC_PAGES.post);

/** The slug of an article path, decoded as the router decodes it; undefined for any other path. */
function articleSlug(pathname: string): string | undefined {
  const segment = ARTICLE.exec(pathname)?.groups?.slug;
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
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
/** The shell: always revalidated (ETag), so a new deploy shows at once; no CDN keeps it (no purge on deploy). */
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
 * Serves the built web app from memory: hashed assets cached for a year, the public pages rendered on the
 * server from the app's own components (modules/public-pages) and hydrated in the browser, articles with
 * their meta tags and JSON-LD, pages cached until the database reports a change of what they show (an
 * unknown path is the app's 404 page, answered 404). The panel (/admin) is the shell the browser renders
 * alone. Once answered, each of them is served by the edge (public-edge.ts) without the middleware stack.
 */
export function staticWebRouter(
  deps: PublicCacheDeps & Pick<Deps, 'logger'>,
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

  const { articleMeta, archiveMeta, readerSource } = options;
  const renderer = readerSource ? loadPageRenderer(webDistDir) : undefined;
  if (readerSource && !renderer)
    deps.logger.warn(
      'web/dist-server is missing (npm run build makes it): public pages are not server-rendered',
    );

  /**
   * The page at `url` as HTML, rendered from the app's components; `postId` is the article it shows (the
   * page then also follows that article's own changes: its comments).
   */
  const renderedPage = async (url: string) => {
    const render = await renderer!;
    // The article the renderer reads is read once, with its head: the page needs no second read.
    const read: { article?: Awaited<ReturnType<PageSource['article']>> } = {};
    const source: ReaderSource = {
      ...readerSource!,
      post: async (slug) => {
        read.article = await readerSource!.article(slug);
        return read.article?.post ?? null;
      },
    };
    const page: RenderedPage = await render(url, source);
    let template = indexHtml;
    const pathname = new URL(url, 'http://localhost').pathname;
    const slug = page.status === 200 ? articleSlug(pathname) : undefined;
    if (slug) {
      const meta = 'article' in read ? read.article?.meta : await articleMeta?.(slug);
      if (meta) template = withPageMeta(indexHtml, meta, siteName);
    } else if (page.status === 200 && archiveMeta && isArchive(pathname)) {
      const meta = await archiveMeta(url);
      if (meta) template = withPageMeta(indexHtml, meta, siteName);
    }
    return {
      status: page.status,
      complete: page.complete,
      body: pageDocument(template, page),
      postId: read.article?.post.id,
    };
  };

  // Nothing of it is kept or sent: the first readers get code already compiled.
  if (renderer && options.warmUp) void warmUpPages(renderedPage, readerSource!, deps.logger);

  const { oldSlugs } = options;
  /** Throws OldSlug when the article at `pathname`, found by no slug, is an old slug of a post. */
  const followOldSlug = async (pathname: string) => {
    const slug = articleSlug(pathname);
    const current = slug && oldSlugs ? await oldSlugs.find(slug) : null;
    if (current) throw new OldSlug(current);
  };
  const answerOldSlug = (req: Request, res: Response, error: unknown) => {
    if (!(error instanceof OldSlug)) throw error;
    oldSlugs!.send(req, res, postPath(error.current));
  };

  // The list page's HTML depends on its page and search alone: other parameters share its entry.
  deps.publicCache.declareQuery(PUBLIC_PAGES.posts, POSTS_PAGE_QUERY);
  for (const pathname of PERSONAL_PAGES) deps.publicCache.declareQuery(pathname, NO_QUERY);
  // A category or tag page's HTML depends on its page alone.
  for (const pattern of ARCHIVE_PAGES) deps.publicCache.declareQueryPattern(pattern, ARCHIVE_PAGE_QUERY);

  router.get('/{*splat}', async (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path === '/api') return next();
    if (renderer && !isAdminPathname(req.path)) {
      if (PERSONAL_PAGES.has(req.path) && Object.keys(req.query).length > 0) {
        const page = await renderedPage(req.originalUrl);
        res.status(page.status).set({ 'content-type': HTML, 'cache-control': 'no-store' });
        res.send(page.body.bytes());
        return;
      }
      try {
        await sendPublic(deps, req, res, async () => {
          // Rendered from the address its cache key stands for (unknown parameters left out).
          const page = await renderedPage(pageUrl(req.path, req.query));
          if (page.status === 404) await followOldSlug(req.path);
          if (!page.complete) throw new IncompletePage(page);
          return {
            status: page.status,
            contentType: HTML,
            cacheControl: FOLLOWS_CONTENT,
            body: page.body,
            postId: page.postId,
          };
        });
      } catch (error) {
        if (!(error instanceof IncompletePage)) return answerOldSlug(req, res, error);
        res.status(error.page.status).set({ 'content-type': HTML, 'cache-control': 'no-store' });
        res.send(error.page.body.bytes());
      }
      return;
    }
    const known = isSpaRoute(req.path);
    await sendPublic(
      deps,
      req,
      res,
      async () => {
        // Without the renderer: an article readers may not see is still a 404 for crawlers.
        const slug = articleSlug(req.path);
        const meta = slug && articleMeta ? await articleMeta(slug) : undefined;
        // An article's page follows the content (a CDN keeps it until purged); the shell alone does not.
        const cacheControl: FreshBody['cacheControl'] = slug ? FOLLOWS_CONTENT : REVALIDATE;
        if (meta === null) {
          await followOldSlug(req.path);
          return { status: 404, contentType: HTML, cacheControl, body: indexHtml };
        }
        return {
          status: known ? 200 : 404,
          contentType: HTML,
          cacheControl,
          body: meta ? withPageMeta(indexHtml, meta, siteName) : indexHtml,
        };
      },
      // The shell alone never changes; an article's meta tags follow the content.
      { static: !ARTICLE.test(req.path) },
    ).catch((error: unknown) => answerOldSlug(req, res, error));
  });
  return router;
}
