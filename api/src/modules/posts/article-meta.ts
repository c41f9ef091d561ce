import type { Sequelize } from 'sequelize';
import type { PageMeta } from '../../http/static-web.ts';
import { findVisiblePostMeta } from './posts.service.ts';

/** Absolute URL of a post image; stored /uploads/ paths are served from /api/images/ (spec section 3). */
export const absoluteImageUrl = (publicUrl: string, imageUrl: string | null): string | null => {
  if (!imageUrl) return null;
  if (imageUrl.startsWith('/uploads/'))
    return `${publicUrl}/api/images/${imageUrl.slice('/uploads/'.length)}`;
  return imageUrl.startsWith('/') ? `${publicUrl}${imageUrl}` : imageUrl;
};

export function articleMetaResolver(sequelize: Sequelize, publicUrl: string) {
  const base = publicUrl.replace(/\/$/, '');
  return async (slug: string): Promise<PageMeta | null> => {
    if (slug.length > 200) return null;
    const post = await findVisiblePostMeta(sequelize, slug);
    if (!post) return null;
    return {
      title: post.title,
      description: post.excerpt,
      url: `${base}/post/${encodeURIComponent(post.slug)}`,
      imageUrl: absoluteImageUrl(base, post.imageUrl),
    };
  };
}
