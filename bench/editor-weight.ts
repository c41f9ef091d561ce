/**
 * The post editor screen's JavaScript (`npm run bench:editor-weight`, after `npm run build`): the API
 * in this process over a private database serves the built web; Debian Chromium, signed in as an
 * admin, opens /admin/posts/edit/:id of a post holding every card, waits for the editor, then uses
 * the `/` menu once (a table) so what a first use loads counts too. Every script response the page
 * received is summed twice: its bytes on the wire (as served) and gzip level 9 of its body (as
 * `npm run bench` sizes files). Budget ≤ 450 kB gzip. Writes bench/results/editor-weight.{json,md}.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { createPost, editorBrowserContext, startBuiltProduct } from './built-product.ts';
import { EDITOR_JS_BUDGET_KB } from './report.ts';
import { scriptRun } from './script-run.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const WEB_DIST = process.env.BENCH_WEB_DIST || path.join(ROOT, 'web', 'dist');

const log = (message: string) => process.stderr.write(`[bench:editor-weight] ${message}\n`);
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** A post with every card the editor draws, so nothing a card needs is left out of the page. */
const CARDS_POST = [
  '<p>Wpis ze wszystkimi kartami.</p>',
  '<table><tbody><tr><th><p>Szczyt</p></th><th><p>Wysokość</p></th></tr><tr><td><p>Rysy</p></td><td><p>2499 m</p></td></tr></tbody></table>',
  '<div class="callout-card" data-callout="info" data-emoji="💡"><p>Ramka.</p></div>',
  '<div class="button-card"><a target="_blank" rel="noopener noreferrer" href="https://example.com/">Przycisk</a></div>',
  '<details><summary>Rozwijany blok</summary><p>Treść.</p></details>',
  '<div class="embed-card" data-embed="youtube"><a target="_blank" rel="noopener noreferrer" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Film</a></div>',
  '<div class="html-card"><p>Blok <strong>HTML</strong></p></div>',
  '<p>Koniec.</p>',
].join('');

interface ScriptFile {
  file: string;
  wireBytes: number;
  gzipBytes: number;
  /** Fetched only after the editor was on screen (the `/` menu's first use). */
  afterFirstUse: boolean;
}

const { cleanups, run } = scriptRun(log);

run(async () => {
  const { origin, editor } = await startBuiltProduct('editor_weight', WEB_DIST, cleanups);
  const id = await createPost(editor, {
    title: 'Wpis ze wszystkimi kartami',
    slug: `karty-${Date.now()}`,
    content: CARDS_POST,
    excerpt: null,
    published: false,
  });

  const context = await editorBrowserContext(editor, cleanups);
  const page = await context.newPage();
  let editorShown = false;
  const pending: Promise<ScriptFile | null>[] = [];
  const sizeOf = async (response: Response): Promise<ScriptFile | null> => {
    if (response.request().resourceType() !== 'script') return null;
    const afterFirstUse = editorShown;
    const body = await response.body();
    const sizes = await response.request().sizes();
    return {
      file: new URL(response.url()).pathname,
      wireBytes: sizes.responseBodySize,
      gzipBytes: gzipSync(body, { level: 9 }).length,
      afterFirstUse,
    };
  };
  page.on('response', (response) => pending.push(sizeOf(response)));

  await page.goto(`${origin}/admin/posts/edit/${id}`, { waitUntil: 'networkidle' });
  const body = page.getByRole('textbox', { name: 'Treść' });
  await body.waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  editorShown = true;
  // First use: the `/` menu, a table picked from it.
  await body.evaluate((element) =>
    (element as unknown as { editor: { commands: { focus(at: string): boolean } } }).editor.commands.focus(
      'end',
    ),
  );
  await page.keyboard.press('Enter');
  await page.keyboard.type('/tabel');
  // A build without the menu (an older commit, for comparison) is measured at load only.
  const option = page.getByRole('option', { name: 'Tabela' });
  const hasMenu = await option.waitFor({ timeout: 5000 }).then(
    () => true,
    () => false,
  );
  if (hasMenu) {
    await option.click();
    await page.getByRole('toolbar', { name: 'Tabela' }).waitFor();
  } else log('no `/` menu in this build: measured at load only');
  await page.waitForLoadState('networkidle');

  const files = (await Promise.all(pending)).filter((file): file is ScriptFile => file !== null);
  const sum = (list: ScriptFile[], key: 'wireBytes' | 'gzipBytes') =>
    list.reduce((total, file) => total + file[key], 0);
  const gzipKb = kb(sum(files, 'gzipBytes'));
  const result = {
    date: new Date().toISOString(),
    commit: process.env.BENCH_COMMIT ?? '',
    machine: { cpus: os.cpus().length },
    scripts: files.length,
    gzipKb,
    wireKb: kb(sum(files, 'wireBytes')),
    firstUse: hasMenu ? 'a table from the `/` menu' : 'none (no `/` menu)',
    afterFirstUseGzipKb: kb(
      sum(
        files.filter((file) => file.afterFirstUse),
        'gzipBytes',
      ),
    ),
    budgetKb: EDITOR_JS_BUDGET_KB,
    withinBudget: gzipKb <= EDITOR_JS_BUDGET_KB,
    largest: [...files]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .slice(0, 10)
      .map((file) => ({ file: file.file, gzipKb: kb(file.gzipBytes) })),
  };
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(path.join(RESULTS_DIR, 'editor-weight.json'), `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return result.withinBudget;
});
