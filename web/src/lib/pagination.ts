export type PageItem = { type: 'page'; page: number } | { type: 'ellipsis'; key: 'start' | 'end' };

/**
 * The page links of the public list: the first page, the last page and the current page ±1, with an
 * ellipsis wherever numbers are skipped.
 */
export function paginationItems(currentPage: number, totalPages: number): PageItem[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(1, Math.trunc(currentPage)), totalPages);
  const shown = [...new Set([1, current - 1, current, current + 1, totalPages])]
    .filter((page) => page >= 1 && page <= totalPages)
    .sort((a, b) => a - b);

  const items: PageItem[] = [];
  shown.forEach((page, index) => {
    const previous = shown[index - 1];
    if (previous !== undefined && page - previous > 1) {
      items.push({ type: 'ellipsis', key: page === totalPages ? 'end' : 'start' });
    }
    items.push({ type: 'page', page });
  });
  return items;
}

export { parsePageParam } from '@blog/shared/rules';
