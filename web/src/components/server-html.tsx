import type { ComponentProps } from 'react';
import { Prose } from './prose.tsx';

interface ServerHtmlProps extends Omit<ComponentProps<typeof Prose>, 'children' | 'dangerouslySetInnerHTML'> {
  /** HTML the API has already sanitized with the editor's allow-list (docs/security.md). */
  html: string;
}

/** The one place that renders HTML from the server: article bodies and the About page. */
export function ServerHtml({ html, ...props }: ServerHtmlProps) {
  // Safe: the API sanitizes every stored HTML field (sanitize-html allow-list) before it reaches the browser.
  return <Prose {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}
