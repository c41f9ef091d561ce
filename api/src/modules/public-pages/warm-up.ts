import type { ReaderSource } from '@blog/shared/page-render';
import type { Logger } from '../../logger.ts';

/**
 * Draws `/` and its newest article once, answering nobody and keeping nothing, so the first readers
 * after a start do not pay for the process's cold first renders (the renderer's code compiled, Chakra's
 * global CSS serialized: ~360 ms of CPU for the first `/`, ~140 for the first article). `render` is the
 * page's whole drawing from `source`, as a request makes it; a failure is only logged (the reader's
 * request then pays, as before). Resolves to each page drawn and its time.
 */
export async function warmUpPages(
  render: (url: string) => Promise<unknown>,
  source: Pick<ReaderSource, 'postList'>,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<{ url: string; ms: number }[]> {
  const drawn: { url: string; ms: number }[] = [];
  const draw = async (url: string) => {
    const started = performance.now();
    await render(url);
    drawn.push({ url, ms: Math.round(performance.now() - started) });
  };
  try {
    await draw('/');
    const newest = (await source.postList({ page: 1, limit: 1, q: '' })).posts[0];
    if (newest) await draw(`/post/${encodeURIComponent(newest.slug)}`);
    logger.info({ pages: drawn }, 'public pages warmed up');
  } catch (error) {
    logger.warn({ err: error, pages: drawn }, 'public pages not warmed up');
  }
  return drawn;
}
