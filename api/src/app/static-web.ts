import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { type PageMeta, withPageMeta } from '../modules/seo/page-meta.ts';

export interface StaticWebOptions {
  /** Meta tags of the article at `slug`, or null when readers may not see it (then the answer is 404). */
  articleMeta?: (slug: string) => Promise<PageMeta | null>;
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every other
 * GET that is not an API call answered with index.html so client-side routes survive a reload.
 * Article pages get their own meta tags, so link previews and search engines see the article.
 */
export function staticWebRouter(
  webDistDir: string,
  siteName: string,
  options: StaticWebOptions = {},
): Router | undefined {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(webDistDir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
  );
  router.use(express.static(webDistDir, { index: false, maxAge: '1h' }));

  const { articleMeta } = options;
  if (articleMeta) {
    router.get('/post/:slug', async (req, res) => {
      const meta = await articleMeta(req.params.slug);
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html');
      // The SPA still renders its "not found" state; the status tells crawlers the truth.
      res.status(meta ? 200 : 404).send(meta ? withPageMeta(indexHtml, meta, siteName) : indexHtml);
    });
  }
  router.get('/{*splat}', (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path === '/api') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
