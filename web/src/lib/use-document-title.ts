import { useContext, useEffect } from 'react';
import { PageSinkContext } from './page-sink.ts';
import { BLOG_NAME } from './site.ts';

/** „Wszystkie artykuły — Uwaga, Chaos”; with no page title just the blog name. */
export function documentTitle(pageTitle?: string | null): string {
  const title = pageTitle?.trim();
  return title ? `${title} — ${BLOG_NAME}` : BLOG_NAME;
}

/** Sets the tab title for the page that renders this hook (on the server: the title of the HTML). */
export function useDocumentTitle(pageTitle?: string | null): void {
  const title = documentTitle(pageTitle);
  useContext(PageSinkContext)?.title(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
