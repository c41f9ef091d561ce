import type { BrowserContext, Page } from 'playwright-core';

/** The app's JavaScript: the entry and every chunk it loads (the built files under /assets). */
export const APP_SCRIPTS = '**/assets/*.js';

/**
 * The entry (web/src/main.tsx, built as index-*.js) and the two small modules it imports statically (the
 * bundler's runtime, the preload helper): a few hundred bytes in all, the first code to run.
 */
export const isEntry = (file: string) => /^(index|rolldown-runtime|preload-helper)-[\w-]+\.js$/.test(file);

export interface HeldPage {
  page: Page;
  /** Uncaught errors and console errors of the page (a hydration mismatch is reported as one). */
  problems: string[];
  /** Lets every held script through, and every later one. */
  release(): void;
}

/**
 * Opens `path` with the app's scripts held back until `release()`: the page the server drew is on screen
 * and the reader can use it, but the app's code has not run — a phone on a slow connection, made
 * deterministic. `pass` lets some scripts through at once (the entry, to show what it does alone).
 * The page's `load` never fires while its scripts are held: it is opened at the first byte and given
 * back once its footer (the end of the server's markup) is there.
 */
export async function openWithScriptsHeld(
  context: BrowserContext,
  url: string,
  {
    pass = () => false,
    viewport,
  }: { pass?: (file: string) => boolean; viewport?: { width: number; height: number } } = {},
): Promise<HeldPage> {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The signed-out session check (401) and a demo image this product's uploads lack.
    if (message.text().startsWith('Failed to load resource')) return;
    if (message.text().startsWith('Nie udało się wczytać obrazu:')) return;
    problems.push(`console: ${message.text()}`);
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_SCRIPTS, async (route) => {
    const file = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    if (!pass(file)) await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('footer').waitFor({ state: 'attached' });
  return { page, problems, release };
}
