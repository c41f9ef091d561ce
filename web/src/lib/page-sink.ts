import { createContext, useContext } from 'react';

/**
 * What a page tells the server while it is rendered there: its HTTP status and its document title
 * (the browser sets the title in an effect, which the server never runs). Absent in the browser.
 */
export interface PageSink {
  notFound(): void;
  title(title: string): void;
}

/** A sink for one server render, and what the page told it. */
export function createPageSink(defaultTitle: string): {
  sink: PageSink;
  told: { status: 200 | 404; title: string };
} {
  const told: { status: 200 | 404; title: string } = { status: 200, title: defaultTitle };
  return {
    told,
    sink: {
      notFound: () => {
        told.status = 404;
      },
      title: (title) => {
        told.title = title;
      },
    },
  };
}

export const PageSinkContext = createContext<PageSink | null>(null);

/** Marks the page being rendered on the server as „not found” (HTTP 404). Nothing in the browser. */
export function useNotFoundStatus(): void {
  useContext(PageSinkContext)?.notFound();
}
