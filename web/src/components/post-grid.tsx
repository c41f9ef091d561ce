import type { PostSummary } from '@blog/shared';
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

/** Responsive grid of post cards, or skeleton cards while loading (styled by theme/public-static.css). */
export function PostGrid({ posts, skeletons, excerptLines, headingLevel, dimmed = false }: PostGridProps) {
  return (
    <div
      className={dimmed ? 'post-grid post-grid--dimmed' : 'post-grid'}
      aria-busy={posts === undefined || dimmed}
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
    </div>
  );
}
