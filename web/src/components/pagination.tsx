import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { followInApp } from '../lib/follow-in-app.ts';
import { paginationItems } from '../lib/pagination.ts';

interface PaginationProps {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/** The address of `page` of the list on screen: its path and query, `?page=` set (none for the first). */
function usePageHref(): (page: number) => string {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return (page) => {
    const query = new URLSearchParams(params);
    if (page <= 1) query.delete('page');
    else query.set('page', String(page));
    const search = query.toString();
    return search ? `${pathname}?${search}` : pathname;
  };
}

/** A page link: a real link, so a click before the app's code has arrived loads that page from the server. */
function PageLink({ onFollow, ...anchor }: ComponentProps<'a'> & { href: string; onFollow: () => void }) {
  // The button's class and the aria attributes come through `anchor`.
  return <a {...anchor} onClick={(event) => followInApp(event, onFollow)} />;
}

/** Page links of the public list; hidden when everything fits on one page. */
export function Pagination({ currentPage, totalPages, onPageChange }: PaginationProps) {
  const hrefOf = usePageHref();
  if (totalPages <= 1) return null;
  const isFirst = currentPage <= 1;
  const isLast = currentPage >= totalPages;

  // The first and last page have no previous or next one: a disabled button, not a link to nowhere.
  // Plain elements styled by theme/public-static.css (Chakra's outline, solid and ghost buttons).
  const step = (label: string, page: number, disabled: boolean, icon: ReactNode) =>
    disabled ? (
      <button
        type="button"
        className="site-button site-button--sm site-button--icon site-button--outline"
        aria-label={label}
        disabled
      >
        {icon}
      </button>
    ) : (
      <PageLink
        className="site-button site-button--sm site-button--icon site-button--outline"
        type="button"
        aria-label={label}
        href={hrefOf(page)}
        onFollow={() => onPageChange(page)}
      >
        {icon}
      </PageLink>
    );

  return (
    <nav aria-label="Paginacja">
      <ul className="pagination__list">
        <li>{step('Poprzednia strona', currentPage - 1, isFirst, <ChevronLeft />)}</li>
        {paginationItems(currentPage, totalPages).map((item) =>
          item.type === 'ellipsis' ? (
            <li key={`ellipsis-${item.key}`} aria-hidden="true">
              <p className="pagination__gap">…</p>
            </li>
          ) : (
            <li key={item.page}>
              <PageLink
                className={`site-button site-button--sm palette-brand ${item.page === currentPage ? 'site-button--solid' : 'site-button--ghost'}`}
                type="button"
                aria-label={`Strona ${item.page}`}
                aria-current={item.page === currentPage ? 'page' : undefined}
                href={hrefOf(item.page)}
                onFollow={() => {
                  if (item.page !== currentPage) onPageChange(item.page);
                }}
              >
                {item.page}
              </PageLink>
            </li>
          ),
        )}
        <li>{step('Następna strona', currentPage + 1, isLast, <ChevronRight />)}</li>
      </ul>
    </nav>
  );
}
