import type { ReaderData } from '@blog/openapi';
import { HOME_POSTS_COUNT } from '@blog/openapi/rules';
import type { Db } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { scriptSafeJson } from '../seo/page-meta.ts';
import { presentPostDetail, presentPostSummary } from '../posts/posts.presenter.ts';
import { getVisiblePost, listVisiblePosts } from '../posts/posts.service.ts';
import { getSiteSettings } from '../settings/settings.service.ts';

/**
 * What a reader page needs from the API, written into its HTML so the app renders the page at once
 * instead of fetching it after the script has run. Its shape is the contract's `ReaderData`; cached
 * with the HTML.
 */
export type { ReaderData };

export async function homeReaderData(db: Db): Promise<ReaderData> {
  const [siteSettings, list] = await Promise.all([
    getSiteSettings(db),
    listVisiblePosts(db, { page: 1, limit: HOME_POSTS_COUNT }),
  ]);
  return {
    siteSettings,
    homePosts: {
      posts: list.rows.map((row) => presentPostSummary(row, list.relations)),
      total: list.total,
      totalPages: list.totalPages,
      page: list.page,
      limit: list.limit,
    },
  };
}

/** The article's data, or only the settings when readers may not see it (staff then fetch their preview). */
export async function articleReaderData(db: Db, slug: string): Promise<ReaderData> {
  const [siteSettings, post] = await Promise.all([
    getSiteSettings(db),
    getVisiblePost(db, slug).then(presentPostDetail, (err: unknown) => {
      if (err instanceof AppError && err.code === 'not_found') return undefined;
      throw err;
    }),
  ]);
  return post ? { siteSettings, post } : { siteSettings };
}

/** The data as a JSON script element (never executed; no text of a post can close it). */
export const readerDataScript = (data: ReaderData): string =>
  `<script id="reader-data" type="application/json">${scriptSafeJson(data)}</script>`;
