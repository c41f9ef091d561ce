import { postPath } from '@blog/shared/addresses';
import { imageSrc } from '@blog/shared/rules';
import type { Deps } from '../../deps.ts';
import { findVisiblePostMeta, type VisiblePostMeta } from '../posts/posts.service.ts';
import { BLOG_NAME } from '../settings/site-settings.defaults.ts';
import { categoryFeedPath } from './feed-paths.ts';
import type { PageMeta } from './page-meta.ts';

/** Absolute URL of a post image (stored /uploads/ paths where the API serves them, as imageSrc says). */
export const absoluteImageUrl = (publicUrl: string, imageUrl: string | null): string | null => {
  const src = imageSrc(imageUrl);
  if (!src) return null;
  return src.startsWith('/') ? `${publicUrl}${src}` : src;
};

/**
 * Meta tags, schema.org Article and category feeds of a visible article. The SEO and sharing panel's
 * title, description and image win; without them the title, the excerpt and the cover stand in.
 */
export function articlePageMeta(publicUrl: string, post: VisiblePostMeta): PageMeta {
  const base = publicUrl.replace(/\/$/, '');
  const url = `${base}${postPath(post.slug)}`;
  const title = post.metaTitle ?? post.title;
  const description = post.metaDescription ?? post.excerpt;
  const imageUrl = absoluteImageUrl(base, post.socialImageUrl ?? post.imageUrl);
  const publisher = {
    '@type': 'Organization',
    name: BLOG_NAME,
    url: `${base}/`,
    logo: { '@type': 'ImageObject', url: `${base}/favicon.svg` },
  };
  return {
    title,
    description,
    url,
    imageUrl,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: title.slice(0, 110),
      ...(description ? { description } : {}),
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      url,
      datePublished: post.createdAt.toISOString(),
      dateModified: post.updatedAt.toISOString(),
      // A post whose account was deleted is still the blog's own writing.
      author: post.authorName ? { '@type': 'Person', name: post.authorName } : publisher,
      ...(imageUrl ? { image: [imageUrl] } : {}),
      publisher,
      inLanguage: 'pl-PL',
    },
    feeds: post.categories.map((category) => ({
      title: `${BLOG_NAME} — ${category.name}`,
      href: `${base}${categoryFeedPath(category.id)}`,
    })),
  };
}

/** The head of the article at `slug` read on its own (pages without the server renderer), or null when readers may not see it. */
export function articleMetaResolver(deps: Pick<Deps, 'sequelize' | 'config'>) {
  return async (slug: string): Promise<PageMeta | null> => {
    if (slug.length > 200) return null;
    const post = await findVisiblePostMeta(deps, slug);
    return post ? articlePageMeta(deps.config.PUBLIC_URL, post) : null;
  };
}
