import type { CommentStatus } from '@blog/shared';

/** The list's sorts as one choice each: `field:order` (the server sorts; the search box is its `q`). */
export const COMMENT_SORTS = [
  { value: 'createdAt:desc', label: 'Najnowsze' },
  { value: 'createdAt:asc', label: 'Najstarsze' },
  { value: 'author:asc', label: 'Autor A–Z' },
  { value: 'author:desc', label: 'Autor Z–A' },
] as const;

export const COMMENT_STATUS_LABELS: Record<CommentStatus, string> = {
  approved: 'Zatwierdzone',
  pending: 'Oczekujące',
};

/** The URL's sort and order for a choice of the sort menu (the defaults leave the URL). */
export function sortChange(value: string): { sort?: string; order?: string } {
  const [field = 'createdAt', order = 'desc'] = value.split(':');
  return {
    sort: field === 'createdAt' ? undefined : field,
    order: field === 'createdAt' ? (order === 'desc' ? undefined : order) : order,
  };
}

/** The two empty texts: nothing at all, or nothing that matches the search and filters. */
export function commentsEmptyText(total: number | undefined, filtered: boolean): string {
  return !filtered && total === 0
    ? 'Brak komentarzy w systemie'
    : 'Nie znaleziono komentarzy spełniających kryteria wyszukiwania';
}

/** The select-all box: ticked when every shown row is selected, indeterminate when some are. */
export function selectAllState(
  shownIds: readonly number[],
  selected: ReadonlySet<number>,
): boolean | 'indeterminate' {
  if (shownIds.length === 0) return false;
  const count = shownIds.filter((id) => selected.has(id)).length;
  if (count === 0) return false;
  return count === shownIds.length ? true : 'indeterminate';
}

/** Select-all adds or removes the shown rows only; selections hidden by the search stay as they are. */
export function toggleAll(
  shownIds: readonly number[],
  selected: ReadonlySet<number>,
  checked: boolean,
): Set<number> {
  const next = new Set(selected);
  for (const id of shownIds) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

export function toggleOne(selected: ReadonlySet<number>, id: number, checked: boolean): Set<number> {
  const next = new Set(selected);
  if (checked) next.add(id);
  else next.delete(id);
  return next;
}

/** The selected ids that are still shown (a bulk delete acts on what the person sees). */
export function selectedShown(shownIds: readonly number[], selected: ReadonlySet<number>): number[] {
  return shownIds.filter((id) => selected.has(id));
}
