/**
 * The post editor while a person types (`npm run bench:editor`): the API in this process over a
 * private database serves the built web; Debian Chromium, signed in as an admin, opens a 5,000-word
 * post (headings, lists, images, quotes, code), types 40 characters at human speed at its end and
 * records every long task (PerformanceObserver 'longtask') and each key's delay from the input to the
 * next paint. A CPU profile (DevTools Profiler) of the typing names what ran. It also sums the gzip
 * size of the JavaScript the editor screen loads (budget ≤ 450 kB). Writes
 * bench/results/editor-typing[-<BENCH_LABEL>].{json,md}; BENCH_WEB_DIST measures another build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createPost, editorBrowserContext, startBuiltProduct } from './built-product.ts';
import { createRandom, postHtml, sentence } from './polish-text.ts';
import { EDITOR_JS_BUDGET_KB } from './report.ts';
import { scriptRun } from './script-run.ts';
import { percentile } from './stats.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const WEB_DIST = process.env.BENCH_WEB_DIST || path.join(ROOT, 'web', 'dist');
const LABEL = process.env.BENCH_LABEL ?? '';
const TYPED = 'Dopisane zdanie, żeby sprawdzić pisanie.';
const KEY_DELAY_MS = 150;

const LONG_TASK_MS = 50;

const log = (message: string) => process.stderr.write(`[bench:editor] ${message}\n`);
const round = (value: number) => Math.round(value * 10) / 10;
const kb = (bytes: number) => round(bytes / 1024);

/** Every card the editor draws, once, as the editor stores them (@blog/shared/post-cards). */
function everyCard(random: () => number, section: number): string[] {
  const cell = (tag: 'th' | 'td', text: string) => `<${tag}><p>${text}</p></${tag}>`;
  // An image uploaded here (the one relative address the server keeps); the file need not exist.
  const figure = (index: number) => {
    const src = `/api/images/${String(section * 10 + index).padStart(32, '0')}-1200w.webp`;
    return `<figure><a target="_self" href="${src}"><img src="${src}" alt="Zdjęcie ${index}"></a><figcaption>Podpis ${index}</figcaption></figure>`;
  };
  return [
    `<table><tbody><tr>${cell('th', 'Pora')}${cell('th', 'Zadanie')}</tr>` +
      `<tr>${cell('td', 'Rano')}${cell('td', sentence(random, 3, 6))}</tr>` +
      `<tr>${cell('td', 'Wieczorem')}${cell('td', sentence(random, 3, 6))}</tr></tbody></table>`,
    `<div class="embed-card" data-provider="youtube"><a href="https://www.youtube.com/watch?v=dQw4w9WgXc${section}">Film ${section + 1}</a></div>`,
    `<div class="gallery-card">${figure(1)}${figure(2)}${figure(3)}</div>`,
    `<div class="callout-card" data-callout="info" data-emoji="💡"><p>${sentence(random, 8, 14)}</p></div>`,
    `<div class="button-card"><a href="https://example.com/zapisy-${section}">Zapisz się</a></div>`,
    `<details><summary>Więcej o rozdziale ${section + 1}</summary><p>${sentence(random, 8, 14)}</p></details>`,
    `<div class="html-card"><dl><dt>Termin</dt><dd>${sentence(random, 3, 6)}</dd></dl></div>`,
  ];
}

/** About 5,000 words with every kind of block and card the editor draws. */
function longPost(): string {
  const random = createRandom(7);
  const parts: string[] = [];
  for (let section = 0; section < 10; section += 1) {
    parts.push(`<h2>Rozdział ${section + 1}</h2>`, postHtml(random, 430));
    parts.push(`<blockquote><p>${sentence(random, 10, 18)}</p></blockquote>`);
    parts.push(`<ol><li>${sentence(random, 4, 8)}</li><li>${sentence(random, 4, 8)}</li></ol>`);
    parts.push(
      `<pre><code class="language-ts">const rozdzial = ${section};\nconsole.log(rozdzial);</code></pre>`,
    );
    parts.push(`<p><img src="/uploads/nie-ma-${section}.jpg" alt="Ilustracja ${section + 1}"></p>`);
    parts.push(...everyCard(random, section));
  }
  return parts.join('\n');
}

/**
 * Installed before the app: long tasks and per-key input → next paint, kept on window. Page code as
 * text, since the bench compiles without the DOM's types.
 */
const OBSERVE_TYPING = `(() => {
  const w = window;
  w.__longTasks = [];
  w.__keys = [];
  w.__events = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__events.push({ name: entry.name, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16 });
  // The next paint after a key: a frame is drawn after the rAF callback; a message posted there runs after it.
  document.addEventListener('keydown', (event) => {
    const started = event.timeStamp;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => w.__keys.push(performance.now() - started);
      channel.port2.postMessage(null);
    });
  }, true);
})()`;

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time of the profile's top functions, by script file. */
function topFunctions(profile: CpuProfile, count: number) {
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)),
  );
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const micros = self.get(node.id) ?? 0;
    if (!micros || node.callFrame.functionName === '(idle)') continue;
    const file = node.callFrame.url.split('/').at(-1) || '(native)';
    const name = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  return [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => ({ name, ms: round(micros / 1000) }));
}

const { cleanups, run } = scriptRun(log);

run(async () => {
  const { origin, editor } = await startBuiltProduct('editor', WEB_DIST, cleanups);
  const content = longPost();
  const id = await createPost(editor, {
    title: 'Długi wpis do pomiaru pisania',
    slug: `dlugi-wpis-${Date.now()}`,
    content,
    excerpt: null,
    published: false,
  });

  const context = await editorBrowserContext(editor, cleanups);
  await context.addInitScript({ content: OBSERVE_TYPING });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(`${origin}/admin/posts/edit/${id}`, { waitUntil: 'networkidle' });
  const body = page.getByRole('textbox', { name: 'Treść' });
  await body.waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const words = await page.evaluate<number>(
    "document.querySelector('.ProseMirror')?.textContent?.split(/\\s+/).length ?? 0",
  );
  // The cards as the editor drew them (each card's own view), so a post the editor fell back on is seen.
  const cards = await page.evaluate<Record<string, number>>(`(() => {
    const count = (selector) => document.querySelectorAll('.ProseMirror ' + selector).length;
    return { table: count('table'), embed: count('.embed-card-view'), gallery: count('.gallery-card-view'),
      callout: count('.callout-card-view'), button: count('.button-card-view'), toggle: count('.toggle-card-view'),
      html: count('.html-card-view') };
  })()`);

  // The editor screen's JavaScript: every script it loaded, gzip (level 9) as the bench sizes files.
  const jsFiles = [...scripts].map((pathname) => {
    const file = path.join(WEB_DIST, pathname);
    const bytes = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
    return { file: pathname, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  });
  const jsGzipKb = kb(jsFiles.reduce((sum, file) => sum + file.gzipBytes, 0));

  await body.click();
  await page.keyboard.press('Control+End');
  await page.waitForTimeout(1500);
  await page.evaluate('window.__longTasks = []; window.__keys = []; window.__events = [];');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const started = Date.now();
  const typingFrom = await page.evaluate<number>('performance.now()');
  await page.keyboard.type(TYPED, { delay: KEY_DELAY_MS });
  const typingMs = Date.now() - started;
  // The pauses after typing (the form takes the body, the word count, autosave) belong to the typing.
  await page.waitForTimeout(2000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const measured = await page.evaluate<{
    longTasks: { start: number; duration: number }[];
    keys: number[];
    events: { name: string; duration: number }[];
  }>('({ longTasks: window.__longTasks, keys: window.__keys, events: window.__events })');
  const typedText = await body.evaluate(
    (element) => element.textContent?.endsWith('sprawdzić pisanie.') ?? false,
  );

  const keys = [...measured.keys].sort((a, b) => a - b);
  const longTasks = measured.longTasks.map((task) => round(task.duration));
  // When each long task started, ms after the first key (typing ends near characters × delay).
  const longTaskStarts = measured.longTasks.map((task) => Math.round(task.start - typingFrom));
  const keyEvents = measured.events.filter((event) =>
    ['keydown', 'keypress', 'keyup', 'beforeinput', 'input'].includes(event.name),
  );
  const result = {
    date: new Date().toISOString(),
    label: LABEL || 'current',
    commit: process.env.BENCH_COMMIT ?? '',
    webDist: path.relative(ROOT, WEB_DIST) || WEB_DIST,
    machine: { cpus: os.cpus().length, loadAverage1m: round(os.loadavg()[0]) },
    post: { words, htmlKb: kb(Buffer.byteLength(content)), cards },
    typing: { characters: TYPED.length, keyDelayMs: KEY_DELAY_MS, tookMs: typingMs, textArrived: typedText },
    longTasks: {
      count: longTasks.length,
      over50Ms: longTasks.filter((duration) => duration > LONG_TASK_MS).length,
      maxMs: longTasks.length ? Math.max(...longTasks) : 0,
      totalMs: round(longTasks.reduce((sum, duration) => sum + duration, 0)),
      all: longTasks,
      startsAfterFirstKeyMs: longTaskStarts,
    },
    inputToNextPaintMs: {
      keys: keys.length,
      p50: round(percentile(keys, 50)),
      p95: round(percentile(keys, 95)),
      max: round(keys.at(-1) ?? 0),
    },
    slowKeyEvents: {
      count: keyEvents.length,
      maxMs: keyEvents.length ? Math.max(...keyEvents.map((e) => e.duration)) : 0,
    },
    cpuProfileTop: topFunctions(profile, 15),
    editorScreenJs: {
      gzipKb: jsGzipKb,
      budgetKb: EDITOR_JS_BUDGET_KB,
      withinBudget: jsGzipKb <= EDITOR_JS_BUDGET_KB,
      files: jsFiles.length,
    },
  };

  const name = LABEL ? `editor-typing-${LABEL}` : 'editor-typing';
  const md = [
    `# Post editor: typing in a ${words}-word post (${result.label})`,
    '',
    `${result.date}, ${result.machine.cpus} CPUs, load average ${result.machine.loadAverage1m}, build ${result.webDist}. ` +
      `${TYPED.length} characters typed at its end, one every ${KEY_DELAY_MS} ms (Chromium, 1280×900).`,
    '',
    '| figure | value |',
    '| --- | --- |',
    `| long tasks while typing (and 2 s after) | ${longTasks.length} |`,
    `| long tasks over ${LONG_TASK_MS} ms | ${result.longTasks.over50Ms} |`,
    `| longest task | ${result.longTasks.maxMs} ms |`,
    `| long tasks, total | ${result.longTasks.totalMs} ms |`,
    `| long tasks (ms, started ms after the first key) | ${measured.longTasks.map((task, index) => `${longTasks[index]} @ ${longTaskStarts[index]}`).join(', ') || 'none'} |`,
    `| input → next paint, p50 / p95 / max | ${result.inputToNextPaintMs.p50} / ${result.inputToNextPaintMs.p95} / ${result.inputToNextPaintMs.max} ms |`,
    `| cards drawn in the editor | ${Object.entries(cards)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ')} |`,
    `| typed text arrived | ${typedText ? 'yes' : 'NO'} |`,
    `| editor screen JavaScript (gzip, ${jsFiles.length} files) | ${jsGzipKb} kB (budget ${EDITOR_JS_BUDGET_KB} kB: ${result.editorScreenJs.withinBudget ? 'within' : 'OVER'}) |`,
    '',
    'Top functions by self time while typing (DevTools Profiler):',
    '',
    '| function | ms |',
    '| --- | --- |',
    ...result.cpuProfileTop.map((fn) => `| ${fn.name.replaceAll('|', '\\|')} | ${fn.ms} |`),
    '',
  ].join('\n');
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(path.join(RESULTS_DIR, `${name}.md`), md);
  process.stdout.write(md);
  return typedText && result.editorScreenJs.withinBudget;
});
