import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { primeFromReaderData } from './api/reader-data.ts';
import { App } from './app.tsx';
import { nextTask } from './lib/next-task.ts';
import { preloadFirstScreen } from './routes.tsx';
import { insertGlobalCss } from './theme/global-css.tsx';
import { appSystem } from './theme/system.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Brak elementu #root w index.html');

/**
 * Start-up in tasks of their own, each well under 50 ms on a slow phone, so that none blocks input for
 * long (measured at 4x CPU throttling, where the bundle's evaluation, building the Chakra system, its
 * global CSS and the first commit were each 100–200 ms when they shared tasks).
 */
async function start(root: HTMLElement) {
  primeFromReaderData();
  await nextTask();
  // The page's own chunk, so it shows at once instead of a spinner; it downloads while the system is
  // built. A failed load is left to the page's lazy loader, which reports it.
  const page = preloadFirstScreen(window.location.pathname)?.catch(() => undefined);
  await nextTask();
  const built = appSystem();
  await nextTask();
  // The global, reset and token CSS, split from building the system (vite.config.ts lazyChakraGlobal).
  void built._global;
  const system = await insertGlobalCss(built);
  await page;
  // Not in the task that evaluated the page's chunk.
  await nextTask();
  // A transition renders in slices that yield to the browser, so the first render never blocks input
  // for hundreds of milliseconds on a slow phone.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App system={system} />
      </StrictMode>,
    );
  });
}

void start(container);
