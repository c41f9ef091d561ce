import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { primeFromReaderData } from './api/reader-data.ts';
import { App } from './app.tsx';
import { preloadFirstScreen } from './routes.tsx';
import { appSystem } from './theme/system.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Brak elementu #root w index.html');

/** Lets the browser paint and handle input between two long pieces of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement) {
  primeFromReaderData();
  // Not in the task that evaluates the bundle.
  await nextTask();
  // The page's own chunk first, so it shows at once instead of a spinner; a failed load is left to
  // the page's lazy loader, which reports it.
  await Promise.all([preloadFirstScreen(window.location.pathname)?.catch(() => undefined), nextTask()]);
  // Not in the task that evaluated the page's chunk.
  await nextTask();
  appSystem();
  await nextTask();
  // A transition renders in slices that yield to the browser, so the first render never blocks input
  // for hundreds of milliseconds on a slow phone.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start(container);
