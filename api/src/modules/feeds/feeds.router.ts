import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import { QueryTypes } from 'sequelize';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../errors.ts';
import type { PublicCacheDeps } from '../public-cache/public-cache.ts';
import { sendPublic } from '../public-cache/send-public.ts';
import { FOLLOWS_CONTENT } from '../public-cache/shared-caching.ts';
import { type PostRow } from '../posts/posts.queries.ts';
import { absoluteImageUrl } from '../seo/article-meta.ts';
import { listVisiblePostSlugs, listVisiblePosts } from '../posts/posts.service.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import { listVisibleTags } from '../tags/tags.service.ts';
import { categoryPath, postPath, PUBLIC_PAGES, tagPath } from '@blog/shared/addresses';
import { findArchiveTag, listArchiveCategories } from '../archives/archives.service.ts';
import { BLOG_NAME } from '../settings/site-settings.defaults.ts';
import { xmlSafe, xmlText } from './xml-text.ts';

/** The reader pages that are the same for everyone and always there. */
const STATIC_PAGES = [
  PUBLIC_PAGES.home,
  PUBLIC_PAGES.posts,
  PUBLIC_PAGES.about,
  PUBLIC_PAGES.contact,
  PUBLIC_PAGES.cookies,
];
const FEED_ITEMS = 20;
const RSS_TYPE = 'application/rss+xml; charset=utf-8';
const MAX_INT = 2_147_483_647;

/**
 * Feeds and the sitemap follow the content like the pages (FOLLOWS_CONTENT): revalidated by ETag, kept
 * by a CDN until a change purges it when one is purged. A feed that is not there: cached as such until
 * the next change.
 */
const NO_FEED = {
  status: 404,
  contentType: 'text/plain; charset=utf-8',
  cacheControl: FOLLOWS_CONTENT,
  body: 'Nie ma takiego kanału RSS.\n',
} as const;

/**
 * RSS 2.0 of the newest visible posts (all, one visible category or one tag), the sitemap and robots.txt,
 * at the site root with absolute links; each built once and kept until the content changes (docs/read-path.md).
 * Every stored text goes in through xmlText: a character XML forbids, kept in a row from before the
 * write rules refused it, must not make the whole document unreadable for every reader.
 */
export function feedsRouter(ctx: AppContext & PublicCacheDeps): ApiRoutes {
  const routes = apiRoutes();
  const base = ctx.config.PUBLIC_URL.replace(/\/$/, '');

  // An item's text and image are the SEO and sharing panel's (else the excerpt and the cover), as in
  // a link preview; its title stays the article's own.
  const rss = (title: string, link: string, description: string, rows: PostRow[]) => {
    const items = rows.map((row) => {
      const url = `${base}${postPath(xmlSafe(row.slug))}`;
      const text = row.meta_description ?? row.excerpt;
      const image = absoluteImageUrl(base, row.social_image_url ?? row.image_url);
      return `<item><title>${xmlText(row.title)}</title><link>${xmlText(url)}</link><guid isPermaLink="true">${xmlText(url)}</guid><pubDate>${new Date(row.created_at).toUTCString()}</pubDate>${text ? `<description>${xmlText(text)}</description>` : ''}${image ? `<media:content url="${xmlText(image)}" medium="image" />` : ''}</item>`;
    });
    return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>${xmlText(title)}</title><link>${xmlText(link)}</link><description>${xmlText(description)}</description><language>pl</language>${items.join('')}</channel></rss>\n`;
  };

  routes.on('getRssFeed', async (req, res) => {
    await sendPublic(ctx, req, res, async () => {
      const [list, settings] = await Promise.all([
        listVisiblePosts(ctx, { page: 1, limit: FEED_ITEMS }, { total: async () => 0 }),
        getSiteSettings(ctx),
      ]);
      return {
        contentType: RSS_TYPE,
        cacheControl: FOLLOWS_CONTENT,
        body: rss(BLOG_NAME, `${base}/`, settings.blogDescription, list.rows),
      };
    });
  });

  routes.site.get('/rss/category/:file', async (req, res) => {
    const match = /^(\d{1,10})\.xml$/.exec(req.params.file);
    const categoryId = match ? Number(match[1]) : 0;
    if (!match || categoryId < 1 || categoryId > MAX_INT) throw notFound('Nie ma takiego kanału RSS.');
    await sendPublic(ctx, req, res, async () => {
      const [category] = await ctx.sequelize.query<{ name: string }>(
        'SELECT name FROM categories WHERE id = :categoryId AND enabled',
        { type: QueryTypes.SELECT, replacements: { categoryId } },
      );
      // A hidden or missing category has no feed (cached as such until the next change).
      if (!category) return NO_FEED;
      const list = await listVisiblePosts(
        ctx,
        { page: 1, limit: FEED_ITEMS },
        { categoryId, total: async () => 0 },
      );
      return {
        contentType: RSS_TYPE,
        cacheControl: FOLLOWS_CONTENT,
        body: rss(
          `${BLOG_NAME} — ${category.name}`,
          `${base}${categoryPath({ id: categoryId, name: category.name })}`,
          `Najnowsze wpisy w kategorii ${category.name}`,
          list.rows,
        ),
      };
    });
  });

  // The tag's name is the file's (`/rss/tag/sztuczna%20inteligencja.xml`), as on its page (/tag/{name}).
  routes.site.get('/rss/tag/:file', async (req, res) => {
    const name = /^(.+)\.xml$/s.exec(req.params.file)?.[1];
    if (!name) throw notFound('Nie ma takiego kanału RSS.');
    await sendPublic(ctx, req, res, async () => {
      // A tag no visible post carries has no feed.
      const tag = await findArchiveTag(ctx, name);
      if (!tag) return NO_FEED;
      const list = await listVisiblePosts(
        ctx,
        { page: 1, limit: FEED_ITEMS, tag: tag.name },
        { total: async () => 0 },
      );
      return {
        contentType: RSS_TYPE,
        cacheControl: FOLLOWS_CONTENT,
        body: rss(
          `${BLOG_NAME} — #${tag.name}`,
          `${base}${tagPath(xmlSafe(tag.name))}`,
          `Najnowsze wpisy z tagiem ${tag.name}`,
          list.rows,
        ),
      };
    });
  });

  routes.on('getSitemap', async (req, res) => {
    await sendPublic(ctx, req, res, async () => {
      const [posts, categories, tags] = await Promise.all([
        listVisiblePostSlugs(ctx),
        listArchiveCategories(ctx),
        listVisibleTags(ctx),
      ]);
      const page = (pathname: string) => `<url><loc>${xmlText(`${base}${pathname}`)}</loc></url>`;
      const urls = [
        ...STATIC_PAGES.map(page),
        // The readers' archives that have something to read.
        ...categories.map((category) => page(categoryPath(category))),
        // A stored name may hold what encodeURIComponent cannot encode (a lone surrogate): dropped first.
        ...tags.map((tag) => page(tagPath(xmlSafe(tag.name)))),
        ...posts.map(
          (post) =>
            `<url><loc>${xmlText(`${base}${postPath(xmlSafe(post.slug))}`)}</loc><lastmod>${new Date(post.updatedAt).toISOString()}</lastmod></url>`,
        ),
      ];
      return {
        contentType: 'application/xml; charset=utf-8',
        cacheControl: FOLLOWS_CONTENT,
        body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`,
      };
    });
  });

  routes.site.get('/robots.txt', async (req, res) => {
    await sendPublic(
      ctx,
      req,
      res,
      async () => ({
        contentType: 'text/plain; charset=utf-8',
        cacheControl: 'public, max-age=3600',
        body: `User-agent: *\nDisallow: /admin\nDisallow: /api\nAllow: /api/images/\n\nSitemap: ${base}/sitemap.xml\n`,
      }),
      { static: true },
    );
  });

  return routes;
}
