import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The state of an admin list as the URL holds it: `?page=2&q=kot&status=draft`. */
export type ListParams = Record<string, string | undefined>;

const intFrom = (value: string | null): number | undefined => {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number >= 1 ? number : undefined;
};

/**
 * An admin list's query lives in the URL (a link or reload shows the same page, Back goes back):
 * `params` are the names asked for, `page` is 1 unless the URL says otherwise, and `update` writes a
 * change; any change other than the page itself goes back to page 1. Blank values leave the URL.
 */
export function useListParams<K extends string>(names: readonly K[]) {
  const [search, setSearch] = useSearchParams();
  const key = names.map((name) => `${name}=${search.get(name) ?? ''}`).join('&');
  const params = useMemo(
    () =>
      Object.fromEntries(names.map((name) => [name, search.get(name) || undefined])) as Record<
        K,
        string | undefined
      >,
    // `key` holds every value read here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const page = intFrom(search.get('page')) ?? 1;

  const update = useCallback(
    (change: Partial<Record<K | 'page', string | number | undefined>>, options?: { replace?: boolean }) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          if (!('page' in change)) next.delete('page');
          for (const [name, value] of Object.entries(change)) {
            if (value === undefined || value === '' || (name === 'page' && value === 1)) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setSearch],
  );

  return { params, page, update };
}
