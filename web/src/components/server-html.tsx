import { type ComponentProps, useEffect, useRef } from 'react';
import { enhancePostCards } from './post-card-scripts.ts';
import { Prose } from './prose.tsx';

interface ServerHtmlProps extends Omit<ComponentProps<typeof Prose>, 'children' | 'dangerouslySetInnerHTML'> {
  /** HTML the API has already sanitized with the editor's allow-list (docs/security.md). */
  html: string;
}

/**
 * A table wider than the page scrolls inside its own box; a box that scrolls must be reachable from
 * the keyboard, so each table is a tab stop. The sanitizer writes tables without attributes
 * (`<table>` exactly), so nothing else can match.
 */
export const withScrollableTables = (html: string): string =>
  html.replaceAll('<table>', '<table tabindex="0">');

/** The one place that renders HTML from the server: article bodies and the About page. */
export function ServerHtml({ html, ...props }: ServerHtmlProps) {
  const body = useRef<HTMLDivElement>(null);
  // After hydration only: the server's HTML is complete without it (embeds are links, galleries link each image).
  useEffect(() => (body.current ? enhancePostCards(body.current) : undefined), [html]);
  // Safe: the API sanitizes every stored HTML field (sanitize-html allow-list) before it reaches the browser.
  return <Prose ref={body} {...props} dangerouslySetInnerHTML={{ __html: withScrollableTables(html) }} />;
}
