import type { Deps } from '../../deps.ts';
import { findVisiblePostMeta } from '../posts/posts.service.ts';
import type { PageMeta } from './page-meta.ts';

/** Absolute URL of a post image; stored /uploads/ paths are served from /api/images/ (spec section 3). */
export const absoluteImageUrl = (publicUrl: string, imageUrl: string | null): string | null => {
  if (!imageUrl) return null;
  if (imageUrl.startsWith('/uploads/'))
    return `${publicUrl}/api/images/${imageUrl.slice('/uploads/'.length)}`;
  return imageUrl.startsWith('/') ? `${publicUrl}${imageUrl}` : imageUrl;
};

/** Meta tags of the article at `slug`, or null when readers may not see it. */
export function articleMetaResolver(deps: Pick<Deps, 'sequelize' | 'config'>) {
  const base = deps.config.PUBLIC_URL.replace(/\/$/, '');
  return async (slug: string): Promise<PageMeta | null> => {
    if (slug.length > 200) return null;
    const post = await findVisiblePostMeta(deps, slug);
    if (!post) return null;
    return {
      title: post.title,
      description: post.excerpt,
      url: `${base}/post/${encodeURIComponent(post.slug)}`,
      imageUrl: absoluteImageUrl(base, post.imageUrl),
    };
  };
}
