import { execFile } from 'node:child_process';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

export interface PageDownload {
  url: string;
  /** Encoded (on-the-wire, gzip) body bytes of every script and stylesheet the page loaded. */
  jsCssEncodedBytes: number;
  jsCssDecodedBytes: number;
  files: { url: string; type: string; encodedBytes: number }[];
}

export type BrowserDownloads =
  { available: true; pages: PageDownload[] } | { available: false; reason: string };

/** A page to load, with the headers its requests carry (a signed-in panel screen: the session cookie). */
export type PageToLoad = string | { url: string; headers: Record<string, string>; readySelector?: string };

/**
 * What Debian Chromium really downloads to show each page: the scripts and stylesheets of the
 * first screen, lazy chunks included, as it receives them (Accept-Encoding: gzip, br).
 */
export async function measureBrowserDownloads(toLoad: PageToLoad[]): Promise<BrowserDownloads> {
  let browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  } catch (err) {
    return { available: false, reason: err instanceof Error ? err.message.split('\n')[0] : String(err) };
  }
  try {
    const pages: PageDownload[] = [];
    for (const entry of toLoad) {
      const { url, headers, readySelector } = typeof entry === 'string' ? { url: entry } : entry;
      const context = await browser.newContext(headers ? { extraHTTPHeaders: headers } : {});
      const page = await context.newPage();
      const pending: Promise<(PageDownload['files'][number] & { decoded: number }) | undefined>[] = [];
      page.on('requestfinished', (request) => {
        const type = request.resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        pending.push(
          (async () => {
            const sizes = await request.sizes();
            const response = await request.response();
            const decoded = response ? (await response.body()).length : 0;
            return {
              url: new URL(request.url()).pathname,
              type,
              encodedBytes: sizes.responseBodySize,
              decoded,
            };
          })().catch(() => undefined), // finished as the page closed: nothing readable any more
        );
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      // A screen that loads a part of itself after its first render (the editor) is measured once
      // that part is on screen.
      if (readySelector) await page.locator(readySelector).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const files = (await Promise.all(pending)).filter((file) => file !== undefined);
      pages.push({
        url,
        jsCssEncodedBytes: files.reduce((sum, file) => sum + file.encodedBytes, 0),
        jsCssDecodedBytes: files.reduce((sum, file) => sum + file.decoded, 0),
        files: files.map(({ decoded: _decoded, ...file }) => file),
      });
      await context.close();
    }
    return { available: true, pages };
  } finally {
    await browser.close();
  }
}

export type LighthouseScore = {
  url: string;
  performance?: number;
  error?: string;
  metrics?: Record<string, number>;
};

/**
 * Lighthouse 12 mobile performance (its default: Moto G Power emulation, simulated slow 4G) on
 * Debian Chromium, through `npx lighthouse@12` so the project does not carry its ~100 MB.
 */
export function lighthouse(url: string, timeoutMs = 150_000): Promise<LighthouseScore> {
  return new Promise((resolve) => {
    execFile(
      'npx',
      [
        '--yes',
        'lighthouse@12',
        url,
        '--only-categories=performance',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        try {
          const report = JSON.parse(stdout) as {
            categories: { performance: { score: number | null } };
            audits: Record<string, { numericValue?: number }>;
            runtimeError?: { message: string };
          };
          const score = report.categories.performance.score;
          const metric = (id: string) => Math.round(report.audits[id]?.numericValue ?? -1);
          resolve({
            url,
            performance: score === null ? undefined : Math.round(score * 100),
            error: report.runtimeError?.message,
            metrics: {
              firstContentfulPaintMs: metric('first-contentful-paint'),
              largestContentfulPaintMs: metric('largest-contentful-paint'),
              totalBlockingTimeMs: metric('total-blocking-time'),
              cumulativeLayoutShiftX1000: Math.round(
                (report.audits['cumulative-layout-shift']?.numericValue ?? -1) * 1000,
              ),
              speedIndexMs: metric('speed-index'),
            },
          });
        } catch {
          const reason = (stderr || (err ? err.message : '') || stdout)
            .trim()
            .split('\n')
            .slice(-3)
            .join(' ');
          resolve({ url, error: `lighthouse did not run: ${reason.slice(0, 400)}` });
        }
      },
    );
  });
}
