import { postPath } from '@blog/shared/addresses';
import { imageSrc } from '@blog/shared/rules';
import type { PostEditorValues } from './post.form.ts';

/** What a search result and a link preview show for the post as typed (SEO and sharing panel). */
export interface SeoPreview {
  title: string;
  description: string;
  /** The article's address, as the search result prints it. */
  url: string;
  host: string;
  /** The link preview's image as the browser can load it; null when the post has none. */
  image: string | null;
}

const NO_DESCRIPTION = 'Brak opisu: wyszukiwarka sama wybierze fragment treści.';

/**
 * The panel's fields where filled, else what the server falls back to (api seo/article-meta.ts): the
 * title, the excerpt and the post's image.
 */
export function searchPreview(
  values: Pick<
    PostEditorValues,
    'title' | 'slug' | 'excerpt' | 'imageUrl' | 'metaTitle' | 'metaDescription' | 'socialImageUrl'
  >,
  origin: string,
): SeoPreview {
  const title = (values.metaTitle ?? '').trim() || values.title.trim() || 'Tytuł posta';
  const description = (values.metaDescription ?? '').trim() || values.excerpt.trim() || NO_DESCRIPTION;
  const host = origin.replace(/^https?:\/\//, '');
  return {
    title,
    description,
    url: `${host}${postPath(values.slug || 'adres-posta')}`,
    host,
    image: imageSrc((values.socialImageUrl ?? '').trim() || values.imageUrl),
  };
}
