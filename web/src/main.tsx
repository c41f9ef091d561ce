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

/**
 * A form the app sends is drawn with method="dialog", so a submit before the app owns it does nothing in the
 * browser (components/app-form.tsx). Marked here, the first code to run, the form is sent by the app once
 * it owns it: the reader's click or Enter is not lost. The names are AppForm's (EARLY_SUBMIT_ATTRIBUTE,
 * APP_OWNED_ATTRIBUTE), written out: this file imports nothing statically. docs/before-the-script.md
 */
function keepEarlySubmits() {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.getAttribute('method') !== 'dialog') return;
      if (!form.hasAttribute('data-app-owned')) form.setAttribute('data-early-submit', '');
    },
    true,
  );
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

keepEarlySubmits();
void boot();
