/**
 * The entry: a few hundred bytes, so the browser paints the server's page before any of the app's code
 * runs. Then the first screen's code is evaluated in three tasks (vite.config.ts firstScreenChunk), each
 * of them short on a slow phone, instead of one long task before the first paint: React, the design
 * system, the app. Their chunks are preloaded together once the page is painted.
 * Imports only dynamically: a static import would put its module into this file's task.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/** Resolves after the next frame is painted (a frame callback runs just before the paint). */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Starts downloading the first screen's chunks, all at once, once the page is painted: preloaded from
 * the HTML they competed with the page's first image and delayed the first paint on a slow connection.
 */
function preloadFirstScreen() {
  const chunks = document.querySelector<HTMLMetaElement>('meta[name="first-screen-chunks"]')?.content;
  for (const href of chunks?.split(' ') ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

async function boot() {
  const root = document.getElementById('root');
  if (!root) throw new Error('Brak elementu #root w index.html');
  await afterPaint();
  preloadFirstScreen();
  await import('react-dom/client');
  await nextTask();
  await import('./theme/system.ts');
  await nextTask();
  const { start } = await import('./start.tsx');
  await nextTask();
  await start(root);
}

void boot();
