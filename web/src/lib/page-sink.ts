import { createContext, useContext } from 'react';

/**
 * What a page tells the server while it is rendered there: its HTTP status, its document title (the
 * browser sets the title in an effect, which the server never runs) and whether it shows a text from the
 * editor (its CSS is then written into the page). Absent in the browser.
 */
export interface PageSink {
  notFound(): void;
  title(title: string): void;
  serverHtml(): void;
}

/** A sink for one server render, and what the page told it. */
export function createPageSink(defaultTitle: string): {
  sink: PageSink;
  told: { status: 200 | 404; title: string; serverHtml: boolean };
} {
  const told: { status: 200 | 404; title: string; serverHtml: boolean } = {
    status: 200,
    title: defaultTitle,
    serverHtml: false,
  };
  return {
    told,
    sink: {
      notFound: () => {
        told.status = 404;
      },
      title: (title) => {
        told.title = title;
      },
      serverHtml: () => {
        told.serverHtml = true;
      },
    },
  };
}

export const PageSinkContext = createContext<PageSink | null>(null);

/** Marks the page being rendered on the server as „not found” (HTTP 404). Nothing in the browser. */
export function useNotFoundStatus(): void {
  useContext(PageSinkContext)?.notFound();
}
