import { Router } from 'express';
import { QueryTypes } from 'sequelize';
import type { AppContext } from '../../http/context.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import { BLOG_NAME } from '../settings/site-settings.defaults.ts';
import { VISIBLE_POST_SQL } from './posts.queries.ts';
import { listVisiblePosts } from './posts.service.ts';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
  );

const STATIC_PAGES = ['/', '/posts', '/about', '/contact', '/cookies'];

/** RSS 2.0 of the newest visible posts and a sitemap, both at the site root, both with absolute links. */
export function feedsRouter(ctx: AppContext): Router {
  const router = Router();
  const base = ctx.config.PUBLIC_URL.replace(/\/$/, '');

  router.get('/rss.xml', async (_req, res) => {
    const [list, settings] = await Promise.all([
      listVisiblePosts(ctx.sequelize, { page: 1, limit: 20 }),
      getSiteSettings(),
    ]);
    const items = list.rows.map((row) => {
      const link = `${base}/post/${encodeURIComponent(row.slug)}`;
      return `<item><title>${escapeXml(row.title)}</title><link>${escapeXml(link)}</link><guid isPermaLink="true">${escapeXml(link)}</guid><pubDate>${new Date(row.created_at).toUTCString()}</pubDate>${row.excerpt ? `<description>${escapeXml(row.excerpt)}</description>` : ''}</item>`;
    });
    res.type('application/rss+xml; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${escapeXml(BLOG_NAME)}</title><link>${escapeXml(`${base}/`)}</link><description>${escapeXml(settings.blogDescription)}</description><language>pl</language>${items.join('')}</channel></rss>\n`,
    );
  });

  router.get('/sitemap.xml', async (_req, res) => {
    const posts = await ctx.sequelize.query<{ slug: string; updated_at: Date }>(
      `SELECT p.slug, p.updated_at FROM posts p WHERE ${VISIBLE_POST_SQL} ORDER BY p.created_at DESC`,
      { type: QueryTypes.SELECT },
    );
    const urls = [
      ...STATIC_PAGES.map((page) => `<url><loc>${escapeXml(`${base}${page}`)}</loc></url>`),
      ...posts.map(
        (post) =>
          `<url><loc>${escapeXml(`${base}/post/${encodeURIComponent(post.slug)}`)}</loc><lastmod>${new Date(post.updated_at).toISOString()}</lastmod></url>`,
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
