import type { SystemContext } from '@chakra-ui/react';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readPageData } from './api/page-data.ts';
import { App } from './app.tsx';
import { nextTask } from './lib/next-task.ts';
import { preloadFirstScreen } from './routes.tsx';
import { insertGlobalCss, withoutGlobalCss } from './theme/global-css.tsx';
import { insertPublicStaticCss } from './theme/public-static-css.ts';
import { serverStylesCache } from './theme/server-styles.ts';
import { appSystem } from './theme/system.ts';

/**
 * Start-up in tasks of their own, each well under 50 ms on a slow phone, so that none blocks input for
 * long (measured at 4x CPU throttling, where the bundle's evaluation, building the Chakra system, its
 * global CSS and the first commit were each 100–200 ms when they shared tasks).
 *
 * A public page arrives rendered by the server (entry-server.tsx) with its data: the app hydrates it,
 * with the page's code loaded first so that nothing suspends and the first render is the server's.
 * The panel's pages arrive as the bare shell and are rendered here.
 */
export async function start(root: HTMLElement) {
  const pageData = readPageData();
  // The page's own chunk; it downloads while the system is built. A failed load is left to the page's
  // lazy loader, which reports it.
  const page = preloadFirstScreen(window.location.pathname)?.catch(() => undefined);
  await nextTask();
  const built = appSystem();
  await nextTask();
  let system: SystemContext;
  if (pageData) {
    // The server wrote the global, reset and token CSS into the page already.
    system = withoutGlobalCss(built);
  } else {
    // The global, reset and token CSS, split from building the system (vite.config.ts lazyChakraGlobal).
    void built._global;
    system = await insertGlobalCss(built);
    insertPublicStaticCss();
  }
  await page;
  // Not in the task that evaluated the page's chunk.
  await nextTask();
  const app = (
    <StrictMode>
      <App
        system={system}
        fallback={pageData?.fallback}
        renderDay={pageData?.today ?? null}
        styles={pageData ? serverStylesCache() : undefined}
      />
    </StrictMode>
  );
  // A transition renders (or hydrates) in slices that yield to the browser, so the first render never
  // blocks input for hundreds of milliseconds on a slow phone.
  startTransition(() => {
    if (pageData) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
