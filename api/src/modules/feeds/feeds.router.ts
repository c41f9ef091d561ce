import { Router } from 'express';
import type { AppContext } from '../../http/context.ts';
import { escapeMarkup } from '../../html/escape-markup.ts';
import { listVisiblePostSlugs, listVisiblePosts } from '../posts/posts.service.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import { BLOG_NAME } from '../settings/site-settings.defaults.ts';

const STATIC_PAGES = ['/', '/posts', '/about', '/contact', '/cookies'];

/** RSS 2.0 of the newest visible posts and a sitemap, both at the site root, both with absolute links. */
export function feedsRouter(ctx: AppContext): Router {
  const router = Router();
  const base = ctx.config.PUBLIC_URL.replace(/\/$/, '');

  router.get('/rss.xml', async (_req, res) => {
    const [list, settings] = await Promise.all([
      listVisiblePosts(ctx, { page: 1, limit: 20 }),
      getSiteSettings(ctx),
    ]);
    const items = list.rows.map((row) => {
      const link = `${base}/post/${encodeURIComponent(row.slug)}`;
      return `<item><title>${escapeMarkup(row.title)}</title><link>${escapeMarkup(link)}</link><guid isPermaLink="true">${escapeMarkup(link)}</guid><pubDate>${new Date(row.created_at).toUTCString()}</pubDate>${row.excerpt ? `<description>${escapeMarkup(row.excerpt)}</description>` : ''}</item>`;
    });
    res.type('application/rss+xml; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${escapeMarkup(BLOG_NAME)}</title><link>${escapeMarkup(`${base}/`)}</link><description>${escapeMarkup(settings.blogDescription)}</description><language>pl</language>${items.join('')}</channel></rss>\n`,
    );
  });

  router.get('/sitemap.xml', async (_req, res) => {
    const posts = await listVisiblePostSlugs(ctx);
    const urls = [
      ...STATIC_PAGES.map((page) => `<url><loc>${escapeMarkup(`${base}${page}`)}</loc></url>`),
      ...posts.map(
        (post) =>
          `<url><loc>${escapeMarkup(`${base}/post/${encodeURIComponent(post.slug)}`)}</loc><lastmod>${new Date(post.updatedAt).toISOString()}</lastmod></url>`,
      ),
    ];
    res.type('application/xml; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`,
    );
  });

  return router;
}
