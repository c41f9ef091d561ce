import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { PostListPage } from '../api/posts.ts';
import { POSTS_PER_PAGE } from '../lib/site.ts';
import { Pagination } from './pagination.tsx';
import { PostGrid } from './post-grid.tsx';

interface UrlPage {
  /** The page the URL asks for (`?page=`, 1 when absent). */
  page: number;
  totalPages: number;
  /** The data shown is the answer for this page (not the previous page's, kept while this one loads). */
  isCurrent: boolean;
}

/**
 * The page of a public list kept in the URL (`?page=`), so a page can be shared and the back button
 * walks through pages. A shared link may point past the last page (posts were removed or moved
 * since): it is replaced by the last existing one.
 */
export function useUrlPage({ page, totalPages, isCurrent }: UrlPage) {
  const [, setParams] = useSearchParams();

  useEffect(() => {
    if (isCurrent && totalPages > 0 && page > totalPages) {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (totalPages <= 1) updated.delete('page');
          else updated.set('page', String(totalPages));
          return updated;
        },
        { replace: true },
      );
    }
  }, [isCurrent, page, totalPages, setParams]);

  return function goToPage(next: number) {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next <= 1) updated.delete('page');
      else updated.set('page', String(next));
      return updated;
    });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
}

interface PagedPostGridProps {
  data: PostListPage | undefined;
  page: number;
  isCurrent: boolean;
  onPageChange: (page: number) => void;
}

/** One page of post cards and the pagination under it; the previous page stays, dimmed, while the next loads. */
export function PagedPostGrid({ data, page, isCurrent, onPageChange }: PagedPostGridProps) {
  return (
    <>
      <PostGrid
        posts={data?.posts}
        skeletons={POSTS_PER_PAGE}
        excerptLines={3}
        headingLevel="h2"
        dimmed={data !== undefined && !isCurrent}
      />
      {data && (
        <Pagination
          currentPage={isCurrent ? page : data.page}
          totalPages={data.totalPages}
          onPageChange={onPageChange}
        />
      )}
    </>
  );
}
