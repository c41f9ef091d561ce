/**
 * Lighthouse on an article with an embed and a gallery (`npm run bench:lighthouse`, after `npm run
 * build`): the API in this process over a private database serves the built web; a published post
 * holding a YouTube embed and a gallery of three uploaded images is opened by Lighthouse 12 (fetched
 * by npx; mobile, its default simulated throttling) in Debian Chromium. Three runs, the median's
 * scores and metrics written to bench/results/lighthouse.{json,md}. Target: performance ≥ 95, CLS 0.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { createPost, startBuiltProduct } from './built-product.ts';
import { scriptRun } from './script-run.ts';
import { percentile } from './stats.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const WEB_DIST = process.env.BENCH_WEB_DIST || path.join(ROOT, 'web', 'dist');
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = 3;

const log = (message: string) => process.stderr.write(`[bench:lighthouse] ${message}\n`);
const { cleanups, run } = scriptRun(log);

interface LighthouseRun {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

run(async () => {
  const { origin, editor, dataDir } = await startBuiltProduct('lighthouse', WEB_DIST, cleanups);
  const category = await editor.call('POST', '/api/admin/categories', { name: 'Góry' });
  if (category.status !== 201) throw new Error(`category not created: ${category.status}`);
  const { id: categoryId } = (await category.json()) as { id: number };

  const figures: string[] = [];
  for (const [index, background] of ['#27ae60', '#2980b9', '#c0392b'].entries()) {
    const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), `zdjecie-${index}.png`);
    const uploaded = await editor.upload('POST', '/api/admin/images', form);
    if (uploaded.status !== 201) throw new Error(`image not uploaded: ${uploaded.status}`);
    const image = (await uploaded.json()) as { src: string; srcset: string; width: number; height: number };
    figures.push(
      `<figure><img src="${image.src}" srcset="${image.srcset}" alt="Zdjęcie ${index + 1}" width="${image.width}" height="${image.height}"><figcaption>Zdjęcie ${index + 1}</figcaption></figure>`,
    );
  }
  const text = Array.from(
    { length: 6 },
    (_, index) =>
      `<p>Akapit ${index + 1}: szlak prowadzi doliną, potem graniami, z widokiem na całe pasmo i jeziora w dole.</p>`,
  ).join('');
  const content = `${text}<div class="embed-card" data-provider="youtube"><a target="_blank" rel="noopener noreferrer" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Film z wyprawy</a></div><div class="gallery-card">${figures.join('')}</div>${text}`;
  await createPost(editor, {
    title: 'Wyprawa w Tatry: film i galeria',
    slug: 'wyprawa-w-tatry',
    content,
    excerpt: 'Film i zdjęcia z wyprawy.',
    published: true,
    categories: [categoryId],
  });
  const url = `${origin}/post/wyprawa-w-tatry`;
  const page = await (await fetch(url)).text();
  for (const card of ['class="embed-card"', 'class="gallery-card"'])
    if (!page.includes(card)) throw new Error(`the article has no ${card}`);

  const runs: LighthouseRun[] = [];
  for (let round = 0; round < RUNS; round += 1) {
    const output = path.join(dataDir, `lighthouse-${round}.json`);
    log(`run ${round + 1} of ${RUNS}: ${url}`);
    await promisify(execFile)(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        `--chrome-path=${CHROMIUM}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
        '--only-categories=performance,accessibility',
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
      ],
      { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: CHROMIUM } },
    );
    const report = JSON.parse(await readFile(output, 'utf8')) as {
      categories: Record<string, { score: number }>;
      audits: Record<string, { numericValue: number }>;
    };
    runs.push({
      performance: Math.round(report.categories.performance!.score * 100),
      accessibility: Math.round(report.categories.accessibility!.score * 100),
      lcpMs: Math.round(report.audits['largest-contentful-paint']!.numericValue),
      cls: Number(report.audits['cumulative-layout-shift']!.numericValue.toFixed(3)),
      tbtMs: Math.round(report.audits['total-blocking-time']!.numericValue),
      fcpMs: Math.round(report.audits['first-contentful-paint']!.numericValue),
    });
  }
  const pick = (key: keyof LighthouseRun) =>
    percentile(
      runs.map((one) => one[key]).sort((a, b) => a - b),
      50,
    );
  const result = {
    date: new Date().toISOString(),
    commit: process.env.BENCH_COMMIT ?? '',
    lighthouse: LIGHTHOUSE,
    page: 'an article with 12 paragraphs, a YouTube embed and a gallery of three uploaded images',
    runs,
    median: {
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      lcpMs: pick('lcpMs'),
      cls: pick('cls'),
      tbtMs: pick('tbtMs'),
      fcpMs: pick('fcpMs'),
    },
    target: { performance: 95, cls: 0 },
  };
  await writeFile(path.join(RESULTS_DIR, 'lighthouse.json'), `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(result.median)}\n`);
  return result.median.performance >= result.target.performance && result.median.cls === result.target.cls;
});
