import type { PostSummary } from '@blog/shared';
import { SimpleGrid } from '@chakra-ui/react';
import { PostCard } from './post-card.tsx';
import { PostCardSkeleton } from './post-card-skeleton.tsx';
import { HydrationSlice } from './hydration-slice.tsx';

interface PostGridProps {
  posts: PostSummary[] | undefined;
  /** How many skeleton cards to show while `posts` is undefined. */
  skeletons: number;
  excerptLines: 2 | 3;
  headingLevel?: 'h2' | 'h3';
  dimmed?: boolean;
}

/** Responsive grid of post cards, or skeleton cards while loading. */
export function PostGrid({ posts, skeletons, excerptLines, headingLevel, dimmed = false }: PostGridProps) {
  return (
    <SimpleGrid
      columns={{ base: 1, sm: 2, lg: 3 }}
      gap={{ base: '5', md: '7' }}
      aria-busy={posts === undefined || dimmed}
      opacity={dimmed ? 0.6 : 1}
      transition="opacity 0.2s"
    >
      {posts === undefined
        ? Array.from({ length: skeletons }, (_, index) => (
            // Skeletons have no identity but their position.
            <PostCardSkeleton key={index} />
          ))
        : posts.map((post, index) => (
            <HydrationSlice key={post.id}>
              <PostCard
                post={post}
                excerptLines={excerptLines}
                headingLevel={headingLevel}
                eagerImage={index === 0}
              />
            </HydrationSlice>
          ))}
    </SimpleGrid>
  );
}
