/**
 * The server renderer of the public pages, compiled by `vite build --ssr` (web/dist-server) and called
 * by the API (api/src/modules/public-pages): the same route components the browser hydrates, rendered
 * with the data the API answers (as SWR's fallback), their Chakra/emotion styles extracted into the page.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { RenderedPage, RenderPage } from '@blog/shared/page-render';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { pageFallback } from './api/page-data.ts';
import { AppProviders } from './app.tsx';
import { warsawDay } from './lib/dates.ts';
import { createPageSink, PageSinkContext } from './lib/page-sink.ts';
import { documentTitle } from './lib/use-document-title.ts';
import { AppRoutes, preloadFirstScreen } from './routes.tsx';
import { SERVER_STYLES_KEY, serverStyleTags } from './theme/server-styles.ts';
import { appSystem } from './theme/system.ts';

export const renderPage: RenderPage = async (url, source) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  const [{ fallback, complete }] = await Promise.all([
    pageFallback(pathname, search, source),
    preloadFirstScreen(pathname),
  ]);
  const data = { fallback, today: warsawDay(new Date()) };
  // The browser adopts these styles with the same key (theme/server-styles.ts).
  const cache = createCache({ key: SERVER_STYLES_KEY });
  const emotion = createEmotionServer(cache);
  const { sink, told } = createPageSink(documentTitle(null));
  // prerender waits for every lazy part: the page is cached whole.
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <PageSinkContext value={sink}>
        {/* A cache of its own per page: nothing of one render leaks into another. */}
        <AppProviders
          system={appSystem()}
          swr={{ fallback, provider: () => new Map() }}
          renderDay={data.today}
        >
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </PageSinkContext>
    </CacheProvider>,
    {
      // Never outline a large finished part behind its fallback (React writes it later with an inline
      // script, which the Content-Security-Policy refuses): the page is sent whole.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        console.error(error);
      },
    },
  );
  const html = await new Response(prelude).text();
  const styles = serverStyleTags(emotion.extractCriticalToChunks(html).styles);
  const page: RenderedPage = { status: told.status, complete, title: told.title, styles, html, data };
  return page;
};
