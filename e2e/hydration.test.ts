import type { TestApi } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { hydrated, publicPaths, signInContext } from './support/public-pages.ts';

const WIDTHS = [390, 800, 1024, 1350];

/**
 * Every console warning or error and every uncaught error of a page, except the browser's own line for
 * an answer with an error status (a 404 page, the signed-out session check) and a missing image.
 */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (message.text().startsWith('Failed to load resource: the server responded with a status of')) return;
    // A demo image missing from this product's upload folder (e2e files share the database, not the
    // uploads): the app's own notice, drawn as its „Brak Grafiki” box in the same place.
    if (message.text().startsWith('Nie udało się wczytać obrazu:')) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * The public pages are rendered on the server and hydrated: at every width, signed out and signed in, the
 * browser takes the server's markup over without a hydration warning or error (React reports a mismatch,
 * even minified, as a console error), and without moving anything a reader already sees.
 */
describe('hydration of the server-rendered public pages', () => {
  let product: TestApi;
  let browser: Browser;
  let signedIn: Browser;
  let paths: string[];
  let base: string;
  beforeAll(async () => {
    product = await startProduct();
    base = `http://127.0.0.1:${product.port}`;
    [browser, signedIn] = await Promise.all([launchBrowser(), launchBrowser()]);
    await signInContext(signedIn.context, product);
    paths = await publicPaths();
  });
  afterAll(async () => {
    await browser?.close();
    await signedIn?.close();
    await product?.close();
  });

  /** One page at one width, in a tab of its own (the widths of a path are visited side by side). */
  const visit = async (who: Browser, path: string, width: number) => {
    const page = await who.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { shifts: string[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as unknown as {
            value: number;
            sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          };
          const moved = shift.sources.map(
            ({ node, previousRect: from, currentRect: to }) =>
              `${node instanceof Element ? node.outerHTML.slice(0, 120) : node?.nodeName} ${from.x},${from.y},${from.width}x${from.height} → ${to.x},${to.y},${to.width}x${to.height}`,
          );
          shifts.push(`${shift.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const problems = collectProblems(page);
    await page.goto(`${base}${path}`);
    await hydrated(page);
    // What follows hydration too: the page's data handed to SWR's cache, the session check.
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
    await page.close();
    return { problems, shifts };
  };

  it(
    'signed out: no hydration warning or error and no layout shift on any public page, at any width',
    { timeout: 300_000 },
    async () => {
      for (const path of paths) {
        const visits = await Promise.all(WIDTHS.map((width) => visit(browser, path, width)));
        visits.forEach(({ problems, shifts }, index) => {
          expect(problems, `${path} at ${WIDTHS[index]} px`).toEqual([]);
          expect(shifts, `${path} at ${WIDTHS[index]} px`).toEqual([]);
        });
      }
    },
  );

  it(
    'signed in: no hydration warning or error on any public page, at any width',
    { timeout: 300_000 },
    async () => {
      for (const path of paths) {
        const visits = await Promise.all(WIDTHS.map((width) => visit(signedIn, path, width)));
        visits.forEach(({ problems }, index) => {
          expect(problems, `${path} at ${WIDTHS[index]} px`).toEqual([]);
        });
      }
    },
  );

  // What a reader types or clicks before the app owns the page: e2e/before-the-script.test.ts.
  it('leaves a reader scrolled where they scrolled before the app took over', async () => {
    const [article] = paths.filter((path) => path.startsWith('/post/'));
    // A reader who scrolls while the app still loads is not thrown back to the top by it.
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 700 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${base}${article!}`, { waitUntil: 'commit' });
    await page.locator('footer').waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollTo({ top: 900 }));
    release();
    await hydrated(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(900);
    await page.close();
  });
});
