/**
 * The entry: a few hundred bytes, so the browser paints the server's page before any of the app's code
 * runs. Then the first screen's code is evaluated in three tasks (vite.config.ts firstScreenChunk), each
 * of them short on a slow phone, instead of one long task before the first paint: React, the design
 * system, the app. index.html preloads their chunks, so they are downloaded by then.
 * Imports only dynamically: a static import would put its module into this file's task.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/** Resolves after the next frame is painted (a frame callback runs just before the paint). */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function boot() {
  const root = document.getElementById('root');
  if (!root) throw new Error('Brak elementu #root w index.html');
  await afterPaint();
  await import('react-dom/client');
  await nextTask();
  await import('./theme/system.ts');
  await nextTask();
  const { start } = await import('./start.tsx');
  await nextTask();
  await start(root);
}

void boot();
