/**
 * The server renderer of the public pages, compiled by `vite build --ssr` (web/dist-server) and called
 * by the API (api/src/modules/public-pages): the same route components the browser hydrates, rendered
 * with the data the API answers (as SWR's fallback), their Chakra/emotion styles extracted into the page.
 */
import { ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import type { RenderedPage, RenderPage } from '@blog/shared/page-render';
import { StaticRouter } from 'react-router';
import { pageFallback } from './api/page-data.ts';
import { AppProviders } from './app.tsx';
import { warsawDay } from '@blog/shared/warsaw-clock';
import { drawnPage } from './lib/drawn-page.tsx';
import { createPageSink, PageSinkContext } from './lib/page-sink.ts';
import { documentTitle } from './lib/use-document-title.ts';
import { AppRoutes, preloadFirstScreen } from './routes.tsx';
import { withoutGlobalCss } from './theme/global-css.tsx';
import { publicStaticStyleTag } from './theme/public-static-css.ts';
import { serverHtmlStyleTag } from './theme/server-html-css.ts';
import { SERVER_STYLES_KEY, serverStyleTags } from './theme/server-styles.ts';
import { appSystem } from './theme/system.ts';

/**
 * Chakra's layer order, reset, global and token CSS (~43 kB, its provider's <Global>s) is the same on
 * every page: serialized once per process, not on every render (~1 ms a page). Pages render without it.
 */
let globalStyles: Promise<string> | undefined;
const globalStyleTags = () =>
  (globalStyles ??= drawnPage(
    <ChakraProvider value={appSystem()}>{null}</ChakraProvider>,
    createCache({ key: SERVER_STYLES_KEY }),
  ).then(
    // The public parts' static CSS (theme/public-static.css) after it, the same on every page too.
    ({ chunks }) =>
      serverStyleTags(chunks.filter((chunk) => chunk.key !== SERVER_STYLES_KEY)) + publicStaticStyleTag(),
  ));
/** The global styles and the editor's CSS, one text for every page with a text from the editor. */
let withServerHtml: string | undefined;
let pageSystem: ReturnType<typeof appSystem> | undefined;

export const renderPage: RenderPage = async (url, source) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  const [{ fallback, complete }] = await Promise.all([
    pageFallback(pathname, search, source),
    preloadFirstScreen(pathname),
  ]);
  const data = { fallback, today: warsawDay(new Date()) };
  const { sink, told } = createPageSink(documentTitle(null));
  pageSystem ??= withoutGlobalCss(appSystem());
  const [globals, { html, chunks, failed }] = await Promise.all([
    globalStyleTags(),
    drawnPage(
      <PageSinkContext value={sink}>
        {/* A cache of its own per page: nothing of one render leaks into another. */}
        <AppProviders
          system={pageSystem}
          swr={{ fallback, provider: () => new Map() }}
          renderDay={data.today}
        >
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </PageSinkContext>,
      // The browser adopts these styles with the same key (theme/server-styles.ts).
      createCache({ key: SERVER_STYLES_KEY }),
    ),
  ]);
  // The page's own rules after the global CSS, as emotion orders them (its layer order rule is there too).
  // A text from the editor's CSS (its rules sit in Chakra's recipes layer, as the page's own chunks).
  const sharedStyles = told.serverHtml ? (withServerHtml ??= globals + serverHtmlStyleTag()) : globals;
  const styles = serverStyleTags(chunks.filter((chunk) => chunk.key === SERVER_STYLES_KEY));
  // A part that failed to draw is a gap in the page, as data the source could not give is.
  const page: RenderedPage = {
    status: told.status,
    complete: complete && !failed,
    title: told.title,
    sharedStyles,
    styles,
    html,
    data,
  };
  return page;
};
