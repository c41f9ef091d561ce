import { NOT_FOUND_TEXTS } from '@blog/shared/messages';
import type { PostDetail } from '@blog/shared';
import { can } from '@blog/shared/policy';
import { authorName, INLINE_IMAGE_SIZES } from '@blog/shared/rules';
import { PUBLIC_PAGES, tagPath } from '@blog/shared/addresses';
import {
  Avatar,
  Box,
  Breadcrumb,
  Container,
  Heading,
  HStack,
  Separator,
  Skeleton,
  SkeletonText,
  Stack,
  Tag,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { Clock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { usePost } from '../../api/posts.ts';
import { useSession } from '../../api/session.ts';
import { useSiteSettings } from '../../api/site-settings.ts';
import { CategoryBadges } from '../../components/category-badges.tsx';
import { HydrationSlice } from '../../components/hydration-slice.tsx';
import { ImageWithFallback } from '../../components/image-with-fallback.tsx';
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

function PostBreadcrumb({ title }: { title: string }) {
  return (
    <Breadcrumb.Root size="sm" aria-label="Ścieżka nawigacji">
      <Breadcrumb.List>
        <Breadcrumb.Item>
          <Breadcrumb.Link asChild>
            <RouterLink to={PUBLIC_PAGES.home}>Strona główna</RouterLink>
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        <Breadcrumb.Separator />
        <Breadcrumb.Item>
          <Breadcrumb.Link asChild>
            <RouterLink to={PUBLIC_PAGES.posts}>Artykuły</RouterLink>
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        <Breadcrumb.Separator />
        <Breadcrumb.Item minWidth="0">
          <Breadcrumb.CurrentLink truncate maxWidth={{ base: '40vw', md: 'md' }}>
            {title}
          </Breadcrumb.CurrentLink>
        </Breadcrumb.Item>
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

function Byline({ post }: { post: PostDetail }) {
  const name = authorName(post.author);
  return (
    <HStack gap="3" flexWrap="wrap" color="fg.muted" fontSize="sm">
      <HStack gap="2.5">
        <Avatar.Root size="sm" colorPalette="brand">
          <Avatar.Fallback name={name} />
        </Avatar.Root>
        <Stack gap="0">
          <Text color="fg" fontWeight="semibold">
            {name}
          </Text>
          <Text fontSize="xs">{authorRoleLabel(post.author?.role)}</Text>
        </Stack>
      </HStack>
      <Separator orientation="vertical" height="8" display={{ base: 'none', sm: 'block' }} />
      <time dateTime={isoDateTime(post.createdAt)}>
        {formatCardDate(post.createdAt, 'Brak informacji o dacie')}
      </time>
      <Text as="span" aria-hidden="true">
        ·
      </Text>
      <HStack gap="1">
        <Clock size={14} aria-hidden="true" />
        <span>{readingTimeLabel(post.readingTimeMinutes)}</span>
      </HStack>
    </HStack>
  );
}

function CommentsSection({ post }: { post: PostDetail }) {
  const { settings } = useSiteSettings();
  const commentsEnabled = settings?.commentsEnabled ?? true;
  return (
    <Box as="section" aria-labelledby="comments-title" mt="14">
      <Stack gap="6">
        <Heading as="h2" id="comments-title" fontSize="2xl" letterSpacing="-0.02em">
          Komentarze ({post.comments.length})
        </Heading>
        <CommentList comments={post.comments} />
        <Box
          borderWidth="1px"
          borderColor="border.muted"
          borderRadius="xl"
          p={{ base: '5', md: '6' }}
          bg="bg.subtle"
        >
          {commentsEnabled ? (
            <WhenNear minHeight={{ base: '28.25rem', md: '21.875rem' }}>
              <LazyCommentForm postId={post.id} slug={post.slug} />
            </WhenNear>
          ) : (
            <Text color="fg.muted">Komentowanie jest obecnie wyłączone.</Text>
          )}
        </Box>
      </Stack>
    </Box>
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

  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      {error ? (
        <Stack gap="6">
          <LoadError title="Nie udało się pobrać artykułu" error={error} onRetry={reload} />
          <BackToPostsButton variant="outline" alignSelf="flex-start" />
        </Stack>
      ) : !post ? (
        <PostSkeleton />
      ) : (
        <>
          <Box as="article" aria-labelledby="post-title">
            <Stack gap="6">
              <PostBreadcrumb title={post.title} />
              <Stack gap="4">
                <CategoryBadges categories={post.categories} size="md" />
                <Heading
                  as="h1"
                  id="post-title"
                  fontSize={{ base: '3xl', md: '5xl' }}
                  lineHeight="1.1"
                  letterSpacing="-0.03em"
                  fontWeight="extrabold"
                >
                  {post.title}
                </Heading>
                {post.excerpt && (
                  <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" lineHeight="tall">
                    {post.excerpt}
                  </Text>
                )}
                <Byline post={post} />
              </Stack>
              <ImageWithFallback
                url={post.imageUrl}
                // The cover's own alternative text when the editor gave one; the title otherwise.
                alt={post.imageAlt || post.title}
                loading="eager"
                sizes={INLINE_IMAGE_SIZES}
                rounded
              />
              <HydrationSlice>
                <ServerHtml html={post.content} mx="auto" width="100%" />
              </HydrationSlice>
              {post.tags.length > 0 && (
                <Wrap gap="2" aria-label="Tagi">
                  {post.tags.map((tag) => (
                    <Tag.Root key={tag} asChild size="md" variant="surface" borderRadius="full">
                      <RouterLink to={tagPath(tag)}>
                        <Tag.Label>#{tag}</Tag.Label>
                      </RouterLink>
                    </Tag.Root>
                  ))}
                </Wrap>
              )}
            </Stack>
          </Box>

          <HydrationSlice>
            <SubscribeBox categories={post.categories} />
          </HydrationSlice>

          <HydrationSlice>
            <CommentsSection post={post} />
          </HydrationSlice>
        </>
      )}
    </Container>
  );
}
