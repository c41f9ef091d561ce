import { postPath } from '@blog/shared/addresses';
import type { PostSummary, SearchFragmentPart } from '@blog/shared';
import { authorName } from '@blog/shared/rules';
import { Box, Card, Heading, HStack, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
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
      <Box as="mark" key={index} bg="yellow.subtle" color="fg" px="0.5" borderRadius="sm">
        {part.text}
      </Box>
    ) : (
      part.text
    ),
  );
}

/**
 * A post in a grid: image, categories, linked title, excerpt (in a search result whose text matched,
 * the matching fragment of the text instead), author and date. The whole card is clickable.
 */
export function PostCard({ post, excerptLines = 3, headingLevel = 'h3', eagerImage = false }: PostCardProps) {
  const excerpt = post.excerpt?.trim();
  return (
    <LinkBox asChild>
      <Card.Root
        as="article"
        overflow="hidden"
        height="100%"
        variant="outline"
        borderRadius="xl"
        transition="box-shadow 0.2s, transform 0.2s, border-color 0.2s"
        _hover={{ boxShadow: 'lg', transform: 'translateY(-2px)', borderColor: 'brand.200' }}
        _focusWithin={{ boxShadow: 'lg', borderColor: 'brand.300' }}
      >
        <ImageWithFallback
          url={post.imageUrl}
          alt={post.title}
          aspectRatio={3 / 2}
          width="100%"
          loading={eagerImage ? 'eager' : 'lazy'}
        />
        <Card.Body gap="3" p="5">
          <CategoryBadges categories={post.categories} />
          <Heading as={headingLevel} fontSize="xl" lineHeight="short" letterSpacing="-0.01em">
            <LinkOverlay asChild>
              <RouterLink to={postPath(post.slug)}>{post.title}</RouterLink>
            </LinkOverlay>
          </Heading>
          {post.searchFragment && post.searchFragment.length > 0 ? (
            <Text color="fg.muted" lineClamp={excerptLines} data-testid="search-fragment">
              <SearchFragment parts={post.searchFragment} />
            </Text>
          ) : (
            <Text color="fg.muted" lineClamp={excerptLines} fontStyle={excerpt ? undefined : 'italic'}>
              {excerpt || EMPTY_EXCERPT_TEXT}
            </Text>
          )}
        </Card.Body>
        <Card.Footer px="5" pb="5" pt="0">
          <HStack justify="space-between" width="100%" fontSize="sm" color="fg.muted" gap="3" flexWrap="wrap">
            <Text>
              <Box as="span" srOnly>
                Autor:{' '}
              </Box>
              {authorName(post.author)}
            </Text>
            <time dateTime={isoDateTime(post.createdAt)}>{formatCardDate(post.createdAt)}</time>
          </HStack>
        </Card.Footer>
      </Card.Root>
    </LinkBox>
  );
}
