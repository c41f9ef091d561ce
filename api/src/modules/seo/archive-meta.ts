import { ARCHIVE_TEXTS } from '@blog/shared/messages';
import { archivePageParams, categoryIdOf, tagNameOf } from '@blog/shared/rules';
import { categoryPath, pagePattern, PUBLIC_PAGES, tagPath } from '@blog/shared/addresses';
import type { Deps } from '../../deps.ts';
import { findArchiveCategory, findArchiveTag } from '../archives/archives.service.ts';
import { BLOG_NAME } from '../settings/site-settings.defaults.ts';
import { categoryFeedPath, tagFeedPath } from './feed-paths.ts';
import type { PageMeta } from './page-meta.ts';

const CATEGORY = pagePattern(PUBLIC_PAGES.category);
const TAG = pagePattern(PUBLIC_PAGES.tag);

const decoded = (segment: string | undefined): string | undefined => {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/**
 * Meta tags of a category or tag page: the canonical address (the category's current name,
 * the tag's own spelling, the page number past the first), its feed as `rel=alternate` and schema.org
 * CollectionPage; null for an address that is no such page.
 */
export function archiveMetaResolver(deps: Pick<Deps, 'sequelize' | 'config'>) {
  const base = deps.config.PUBLIC_URL.replace(/\/$/, '');
  const meta = (title: string, description: string, pathname: string, feed: PageMeta['feeds']): PageMeta => {
    const url = `${base}${pathname}`;
    return {
      type: 'website',
      title,
      description,
      url,
      imageUrl: null,
      feeds: feed,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: title,
        description,
        url,
        isPartOf: { '@type': 'WebSite', name: BLOG_NAME, url: `${base}/` },
        inLanguage: 'pl-PL',
      },
    };
  };
  return async (address: string): Promise<PageMeta | null> => {
    const { pathname, searchParams } = new URL(address, 'http://localhost');
    const { page } = archivePageParams((name) => searchParams.get(name));
    const paged = page > 1 ? `?page=${page}` : '';
    const categorySlug = decoded(CATEGORY.exec(pathname)?.groups?.slug);
    if (categorySlug !== undefined) {
      const id = categoryIdOf(categorySlug);
      const category = id === null ? null : await findArchiveCategory(deps, id);
      if (!category) return null;
      return meta(
        ARCHIVE_TEXTS.categoryTitle(category.name),
        ARCHIVE_TEXTS.categoryDescription(category.name),
        `${categoryPath(category)}${paged}`,
        [{ title: `${BLOG_NAME} — ${category.name}`, href: `${base}${categoryFeedPath(category.id)}` }],
      );
    }
    const tagName = decoded(TAG.exec(pathname)?.groups?.name);
    const name = tagName === undefined ? null : tagNameOf(tagName);
    const tag = name === null ? null : await findArchiveTag(deps, name);
    if (!tag) return null;
    return meta(
      ARCHIVE_TEXTS.tagTitle(tag.name),
      ARCHIVE_TEXTS.tagDescription(tag.name),
      `${tagPath(tag.name)}${paged}`,
      [{ title: `${BLOG_NAME} — #${tag.name}`, href: `${base}${tagFeedPath(tag.name)}` }],
    );
  };
}
