import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import type { StyleChunk } from '../theme/server-styles.ts';

export interface DrawnPage {
  html: string;
  chunks: StyleChunk[];
  /**
   * Some part failed to render: React drew its boundary's fallback in its place and the browser draws
   * it again. Such a page is served to this reader but never kept: it would show the gap to every next one.
   */
  failed: boolean;
}

/** The markup of `element` and the styles emotion inserted into `cache` (created with its key) for it. */
export async function drawnPage(element: ReactNode, cache: EmotionCache): Promise<DrawnPage> {
  const emotion = createEmotionServer(cache);
  let failed = false;
  // prerender waits for every lazy part: the page is cached whole.
  const { prelude } = await prerender(<CacheProvider value={cache}>{element}</CacheProvider>, {
    // Never outline a large finished part behind its fallback (React writes it later with an inline
    // script, which the Content-Security-Policy refuses): the page is sent whole.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failed = true;
      console.error(error);
    },
  });
  const html = await new Response(prelude).text();
  return { html, chunks: emotion.extractCriticalToChunks(html).styles, failed };
}
