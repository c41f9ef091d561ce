import { NOT_FOUND_TEXTS } from '@blog/shared/messages';
import type { PostDetail } from '@blog/shared';
import { can } from '@blog/shared/policy';
import { authorName, INLINE_IMAGE_SIZES } from '@blog/shared/rules';
import { PUBLIC_PAGES, tagPath } from '@blog/shared/addresses';
import { Skeleton, SkeletonText, Stack } from '@chakra-ui/react';
import { Clock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { usePost } from '../../api/posts.ts';
import { useSession } from '../../api/session.ts';
import { useSiteSettings } from '../../api/site-settings.ts';
import { CategoryBadges } from '../../components/category-badges.tsx';
import { HydrationSlice } from '../../components/hydration-slice.tsx';
import { ImageWithFallback } from '../../components/image-with-fallback.tsx';
import { InitialsAvatar } from '../../components/initials-avatar.tsx';
import { WhenNear } from '../../components/when-near.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { ServerHtml } from '../../components/server-html.tsx';
import { authorRoleLabel } from '../../lib/author.ts';
import { formatCardDate, isoDateTime } from '../../lib/dates.ts';
import { readingTimeLabel } from '../../lib/reading-time.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LazyCommentForm } from './lazy-forms.tsx';
import { CommentList } from './comment-list.tsx';
import { BackToPostsButton, ContentNotFound } from './content-not-found.tsx';
import { SubscribeBox } from './subscribe-box.tsx';
import '../../theme/more-recipes.ts';

/** Chakra's breadcrumb separator icon. */
const SEPARATOR = (
  <li className="breadcrumb__separator" aria-hidden="true">
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="m9 18 6-6-6-6" />
    </svg>
  </li>
);

function PostBreadcrumb({ title }: { title: string }) {
  return (
    <nav aria-label="Ścieżka nawigacji">
      <ol className="breadcrumb__list">
        <li className="breadcrumb__item">
          <RouterLink className="breadcrumb__link" to={PUBLIC_PAGES.home}>
            Strona główna
          </RouterLink>
        </li>
        {SEPARATOR}
        <li className="breadcrumb__item">
          <RouterLink className="breadcrumb__link" to={PUBLIC_PAGES.posts}>
            Artykuły
          </RouterLink>
        </li>
        {SEPARATOR}
        <li className="breadcrumb__item breadcrumb__item--current">
          <span className="breadcrumb__current" role="link" aria-current="page">
            {title}
          </span>
        </li>
      </ol>
    </nav>
  );
}

function Byline({ post }: { post: PostDetail }) {
  const name = authorName(post.author);
  return (
    <div className="byline">
      <div className="byline__author">
        <InitialsAvatar name={name} />
        <div className="byline__who">
          <p className="byline__name">{name}</p>
          <p className="byline__role">{authorRoleLabel(post.author?.role)}</p>
        </div>
      </div>
      <span className="byline__separator" role="separator" aria-orientation="vertical" />
      <time dateTime={isoDateTime(post.createdAt)}>
        {formatCardDate(post.createdAt, 'Brak informacji o dacie')}
      </time>
      <span aria-hidden="true">·</span>
      <div className="byline__reading">
        <Clock size={14} aria-hidden="true" />
        <span>{readingTimeLabel(post.readingTimeMinutes)}</span>
      </div>
    </div>
  );
}

function CommentsSection({ post }: { post: PostDetail }) {
  const { settings } = useSiteSettings();
  const commentsEnabled = settings?.commentsEnabled ?? true;
  return (
    <section aria-labelledby="comments-title" className="comments">
      <div className="comments__stack">
        <h2 id="comments-title" className="section-heading comments__title">
          Komentarze ({post.comments.length})
        </h2>
        <CommentList comments={post.comments} />
        <div className="comments__form">
          {commentsEnabled ? (
            <WhenNear placeholder="comments__form-place">
              <LazyCommentForm postId={post.id} slug={post.slug} />
            </WhenNear>
          ) : (
            <p className="muted-text">Komentowanie jest obecnie wyłączone.</p>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * The article's shape while it loads — breadcrumb, badges, a two-line title, excerpt, byline, a 3:2
 * image — so the text below moves as little as possible when the article replaces it (layout shift).
 */
function PostSkeleton() {
  return (
    <Stack gap="6" aria-busy="true" aria-label="Wczytywanie artykułu">
      <Skeleton height="5" width="50%" />
      <Stack gap="4">
        <Skeleton height="6" width="24" borderRadius="full" />
        <Stack gap="2">
          <Skeleton height={{ base: '8', md: '12' }} width="95%" />
          <Skeleton height={{ base: '8', md: '12' }} width="70%" />
        </Stack>
        <SkeletonText noOfLines={2} gap="3" />
        <Skeleton height="9" width="48" />
      </Stack>
      <Skeleton aspectRatio={3 / 2} width="100%" borderRadius="xl" />
      <SkeletonText noOfLines={8} gap="3" />
    </Stack>
  );
}

/** A single article: header, image, body, tags, the subscribe box, comments. */
export function PostPage() {
  const { slug } = useParams<{ slug: string }>();
  const { post, error, notFound, reload } = usePost(slug);
  const { user } = useSession();
  const staff = can(user, 'enterPanel');
  const askedAgain = useRef<string | undefined>(undefined);
  // The server renders what readers see, so a draft arrives „not found”; staff (the editor's „Podgląd”,
  // the list's eye icon) ask once more with their session, and the API answers them the draft.
  useEffect(() => {
    if (!notFound || !staff || askedAgain.current === slug) return;
    askedAgain.current = slug;
    void reload();
  }, [notFound, staff, slug, reload]);
  // The SEO panel's title names the tab and the search result; the page still shows the post's title.
  useDocumentTitle((post?.metaTitle || post?.title) ?? (notFound ? null : 'Artykuł'));

  if (notFound)
    return (
      <ContentNotFound
        title={NOT_FOUND_TEXTS.article}
        text="Mógł zostać usunięty albo adres zawiera literówkę."
      />
    );

  // Plain elements styled by theme/public-static.css (every article has them): the frame, header, byline,
  // tags, subscribe box and comments; what the reader opens later (the forms) is still Chakra's.
  return (
    <div className="site-container article-page">
      {error ? (
        <Stack gap="6">
          <LoadError title="Nie udało się pobrać artykułu" error={error} onRetry={reload} />
          <BackToPostsButton variant="outline" alignSelf="flex-start" />
        </Stack>
      ) : !post ? (
        <PostSkeleton />
      ) : (
        <>
          <article aria-labelledby="post-title">
            <div className="article-page__stack">
              <PostBreadcrumb title={post.title} />
              <div className="article-page__header">
                <CategoryBadges categories={post.categories} size="md" />
                <h1 id="post-title" className="article-page__title">
                  {post.title}
                </h1>
                {post.excerpt && <p className="article-page__lead">{post.excerpt}</p>}
                <Byline post={post} />
              </div>
              <ImageWithFallback
                url={post.imageUrl}
                // The cover's own alternative text when the editor gave one; the title otherwise.
                alt={post.imageAlt || post.title}
                loading="eager"
                sizes={INLINE_IMAGE_SIZES}
                rounded
              />
              <HydrationSlice>
                <ServerHtml html={post.content} className="article-page__body" />
              </HydrationSlice>
              {post.tags.length > 0 && (
                <div className="tag-list" aria-label="Tagi">
                  {post.tags.map((tag) => (
                    <RouterLink key={tag} className="tag" to={tagPath(tag)}>
                      <span className="tag__label">#{tag}</span>
                    </RouterLink>
                  ))}
                </div>
              )}
            </div>
          </article>

          <HydrationSlice>
            <SubscribeBox categories={post.categories} />
          </HydrationSlice>

          <HydrationSlice>
            <CommentsSection post={post} />
          </HydrationSlice>
        </>
      )}
    </div>
  );
}
