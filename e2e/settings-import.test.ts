import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildUser, type TestApi, uniqueSuffix } from '@blog/api/testing';
import { IMPORT_TOO_LARGE, MAX_IMPORT_BYTES } from '@blog/shared/rules';
import { startTestWorker, type TestWorker } from '@blog/worker/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { E2E_PASSWORD, signInThroughForm } from './support/sign-in.ts';

/**
 * Ustawienia → „Import i eksport” in Chromium: a WordPress export is uploaded, waits in
 * the queue while no worker runs (the panel polls it), is imported once a worker starts, and shows
 * its counts and skipped items; a wrong file gets the Polish message; „Eksportuj” downloads the ZIP.
 */
const wxr = fileURLToPath(new URL('../api/test/import-files/wordpress-export.xml', import.meta.url));

describe('import and export in the panel', () => {
  let product: TestApi;
  let browser: Browser;
  let worker: TestWorker | undefined;
  let base: string;
  let page: Page;
  beforeAll(async () => {
    // Imports write posts and allow one at a time: a database of this file's own.
    product = await startProduct({ privateDatabase: 'blog_e2e_import' });
    browser = await launchBrowser();
    base = `http://127.0.0.1:${product.port}`;
    const admin = await buildUser({
      username: `e2e-admin-${uniqueSuffix()}`,
      role: 'admin',
      password: E2E_PASSWORD,
    });
    page = await browser.context.newPage();
    await signInThroughForm(page, base, admin.username);
  });
  afterAll(async () => {
    await worker?.close();
    await browser?.close();
    await product?.close();
  });

  it('uploads a WordPress export, follows its progress and shows the result', async () => {
    await page.goto(`${base}/admin/settings`);
    await page.getByRole('tab', { name: 'Import i eksport' }).click();
    const importButton = page.getByRole('button', { name: 'Importuj' });
    expect(await importButton.isDisabled()).toBe(true);

    // A file over the limit is refused in the panel, before a byte is sent (a sparse file on disk).
    const folder = await mkdtemp(path.join(tmpdir(), 'import-too-large-'));
    try {
      const huge = path.join(folder, 'eksport.xml');
      await writeFile(huge, '');
      await truncate(huge, MAX_IMPORT_BYTES + 1);
      await page.getByLabel('Plik eksportu').setInputFiles(huge);
      await page.getByText(IMPORT_TOO_LARGE).waitFor();
      expect(await importButton.isDisabled()).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }

    // A wrong file next: refused at upload with the Polish message, nothing queued.
    await page.getByLabel('Plik eksportu').setInputFiles({
      name: 'eksport.xml',
      mimeType: 'text/xml',
      buffer: Buffer.from('%PDF-1.7 to nie jest eksport'),
    });
    await importButton.click();
    await page.getByText('Nieznany rodzaj pliku.', { exact: false }).first().waitFor();

    await page.getByLabel('Plik eksportu').setInputFiles(wxr);
    await importButton.click();
    // No worker yet: the job waits in the queue, and the panel says so.
    await page.getByText('Import czeka w kolejce… — wordpress-export.xml').waitFor();
    await page.getByText('Czeka na wolny proces…').waitFor();
    expect(await importButton.isDisabled()).toBe(true);

    worker = await startTestWorker(product);
    // The panel polls the job until the worker is done with it.
    await page
      .getByText('Import zakończony — wordpress-export.xml')
      .waitFor({ timeout: 20_000 })
      .catch(async (err: unknown) => {
        const [rows] = await product.runtime.sequelize.query('SELECT status, stage, error FROM import_jobs');
        const [events] = await product.runtime.sequelize.query(
          "SELECT * FROM outbox_events WHERE type = 'import.requested'",
        );
        throw new Error(
          `${String(err)}\n${await page.getByTestId('import-job').innerText()}\n${JSON.stringify(rows)}\n${JSON.stringify(events)}`,
        );
      });
    const counts = page.getByRole('table', { name: 'Zaimportowane obiekty' });
    const postsRow = counts.getByRole('row').filter({ hasText: 'Wpisy' });
    expect(await postsRow.getByRole('cell').allInnerTexts()).toEqual(['Wpisy', '3', '0']);
    await page.getByText('Pominięte (', { exact: false }).waitFor();
    await page.getByText('„O mnie”: Typ „page” (tylko wpisy są importowane).').waitFor();
    await page.getByText('Oczyszczony HTML', { exact: false }).waitFor();
    // The draft is named with its reason: an import never makes public what the old blog did not.
    await page
      .getByRole('region', { name: 'Niewidoczne dla czytelników (1)' })
      .getByText('„Przepis na pierogi”: Szkic w WordPressie — zaimportowany jako szkic')
      .waitFor();
    // No post is shortened without a word: what each one could not bring is named, with how many.
    await page
      .getByRole('region', { name: 'Wpisy przeniesione nie w całości (2)' })
      .getByText('„Przepis na pierogi”: Nie przeniesiono: iframe ×1.')
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // And the post is there for readers.
    const reader = await browser.context.newPage();
    await reader.goto(`${base}/post/wyprawa-w-tatry`);
    await reader.getByRole('heading', { name: 'Wyprawa w Tatry', level: 1 }).waitFor();
    await reader.close();
  }, 60_000);

  it('„Eksportuj” downloads the whole blog as a ZIP', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Eksportuj' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^blog-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = await download.path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(bytes.includes(Buffer.from('blog-export.json'))).toBe(true);
  }, 30_000);
});
