import { postPath } from '@blog/shared/addresses';
import type { PostSummary, SearchFragmentPart } from '@blog/shared';
import { authorName } from '@blog/shared/rules';
import { Link as RouterLink } from 'react-router';
import { formatCardDate, isoDateTime } from '../lib/dates.ts';
import { CategoryBadges } from './category-badges.tsx';
import { ImageWithFallback } from './image-with-fallback.tsx';

interface PostCardProps {
  post: PostSummary;
  /** 2 lines on the home page, 3 in the list. */
  excerptLines?: 2 | 3;
  /** Heading level of the title inside the page outline. */
  headingLevel?: 'h2' | 'h3';
  /** The card is in the first screen: its image is the page's largest paint, so it loads at once. */
  eagerImage?: boolean;
}

export const EMPTY_EXCERPT_TEXT = 'Kliknij, aby przeczytać więcej...';

/**
 * A search result's fragment of the text: the matched words in <mark>, the rest as plain text
 * (React escapes both; the pieces are never read as HTML).
 */
function SearchFragment({ parts }: { parts: SearchFragmentPart[] }) {
  return parts.map((part, index) =>
    part.mark ? (
      <mark key={index} className="post-card__mark">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

/**
 * A post in a grid: image, categories, linked title, excerpt (in a search result whose text matched,
 * the matching fragment of the text instead), author and date. The whole card is clickable: the title's
 * link covers it. Plain elements styled by theme/public-static.css (drawn 3–12 times a page).
 */
export function PostCard({ post, excerptLines = 3, headingLevel = 'h3', eagerImage = false }: PostCardProps) {
  const excerpt = post.excerpt?.trim();
  const Heading = headingLevel;
  const excerptClass = excerptLines === 2 ? 'post-card__excerpt post-card__excerpt--2' : 'post-card__excerpt';
  return (
    <article className="post-card">
      <ImageWithFallback url={post.imageUrl} alt={post.title} loading={eagerImage ? 'eager' : 'lazy'} />
      <div className="post-card__body">
        <CategoryBadges categories={post.categories} />
        <Heading className="post-card__title">
          <RouterLink className="post-card__link" to={postPath(post.slug)}>
            {post.title}
          </RouterLink>
        </Heading>
        {post.searchFragment && post.searchFragment.length > 0 ? (
          <p className={excerptClass} data-testid="search-fragment">
            <SearchFragment parts={post.searchFragment} />
          </p>
        ) : (
          <p className={excerpt ? excerptClass : `${excerptClass} post-card__excerpt--empty`}>
            {excerpt || EMPTY_EXCERPT_TEXT}
          </p>
        )}
      </div>
      <div className="post-card__footer">
        <div className="post-card__meta">
          <p>
            <span className="sr-only">Autor: </span>
            {authorName(post.author)}
          </p>
          <time dateTime={isoDateTime(post.createdAt)}>{formatCardDate(post.createdAt)}</time>
        </div>
      </div>
    </article>
  );
}
