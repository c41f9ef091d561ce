import type { AdminComment } from '@blog/openapi';

/** Spec §2: client-side, case-insensitive search over author, e-mail and content. */
export function filterComments(comments: readonly AdminComment[], search: string): AdminComment[] {
  const needle = search.trim().toLocaleLowerCase('pl');
  if (!needle) return [...comments];
  return comments.filter((comment) =>
    [comment.author, comment.email, comment.content].some((text) =>
      text.toLocaleLowerCase('pl').includes(needle),
    ),
  );
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
