import { type ComponentProps, useContext, useEffect, useInsertionEffect, useRef } from 'react';
import { PageSinkContext } from '../lib/page-sink.ts';
import { insertServerHtmlCss } from '../theme/server-html-css.ts';
import { enhancePostCards } from './post-card-scripts.ts';

interface ServerHtmlProps extends Omit<ComponentProps<'div'>, 'children' | 'dangerouslySetInnerHTML'> {
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

/**
 * The one place that renders HTML from the server: article bodies and the About page. A plain element
 * with Prose's typography as static CSS (theme/server-html.css, `.server-html`): Chakra resolved and
 * hashed Prose's hundred-odd rules on every server render of an article. On the server the page is told
 * to carry that CSS; in the browser it is added before the first drawing if the page came without it.
 */
export function ServerHtml({ html, className, ...props }: ServerHtmlProps) {
  useContext(PageSinkContext)?.serverHtml();
  useInsertionEffect(insertServerHtmlCss, []);
  const body = useRef<HTMLDivElement>(null);
  // After hydration only: the server's HTML is complete without it (embeds are links, galleries link each image).
  useEffect(() => (body.current ? enhancePostCards(body.current) : undefined), [html]);
  return (
    <div
      ref={body}
      className={className ? `${className} server-html` : 'server-html'}
      {...props}
      // Safe: the API sanitizes every stored HTML field (sanitize-html allow-list) before it reaches the browser.
      dangerouslySetInnerHTML={{ __html: withScrollableTables(html) }}
    />
  );
}
