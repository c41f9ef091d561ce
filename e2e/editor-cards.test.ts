import { buildCategory, buildPost } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contentEditor, openPostEditor, signInAsNewAdmin, typeAtEnd } from './support/admin-editor.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { useProductAndBrowser } from './support/two-people.ts';

/**
 * The table, callout, button and toggle cards: a writer adds each with the mouse or the keyboard,
 * saves, reopens the same document; a reader's phone shows each card drawn by the server (no script
 * needed), never wider than the page, and the toggle opens natively.
 */
/** A table far wider than a phone: it scrolls inside its own box, the page never widens. */
const WIDE_TABLE = `<table><tbody><tr>${'<td><p>Przełęcz_pod_Chłopkiem_i_Zawratem</p></td>'.repeat(8)}</tr></tbody></table>`;

describe('the editor’s table, callout, button and toggle cards', () => {
  const setup = useProductAndBrowser();

  /** The HTML the editor holds (TipTap keeps its instance on the editing element). */
  const editorHtml = (page: Page) =>
    contentEditor(page).evaluate((element) =>
      (element as HTMLElement & { editor: { getHTML(): string } }).editor.getHTML(),
    );

  /** The caret at the end of the text, as the editor itself puts it (a click could land in a card). */
  const caretAtEnd = (page: Page) =>
    contentEditor(page).evaluate((element) =>
      (
        element as HTMLElement & { editor: { commands: { focus(at: 'end'): boolean } } }
      ).editor.commands.focus('end'),
    );

  /** A toolbar button pressed from the keyboard: focused, then Enter. */
  const pressFromKeyboard = async (page: Page, name: string) => {
    await page.getByRole('toolbar', { name: 'Formatowanie tekstu' }).getByRole('button', { name }).focus();
    await page.keyboard.press('Enter');
  };

  it('a writer adds each card, saves, reopens the same document; a phone without script shows them', async () => {
    const post = await buildPost({
      published: true,
      categories: [await buildCategory()],
      content: `${WIDE_TABLE}<p>Początek.</p>`,
    });
    const page = await signInAsNewAdmin(setup.browser, setup.base);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await openPostEditor(page, setup.base, post.id);
    await typeAtEnd(page, '');
    await page.keyboard.press('Enter');

    // Table, from the keyboard: 3 × 3 with a header row, the caret in its first cell; Tab moves on.
    await pressFromKeyboard(page, 'Tabela');
    const tableBar = page.getByRole('toolbar', { name: 'Tabela' });
    await tableBar.waitFor();
    for (const text of ['Miasto', 'Ludność', 'Uwagi', 'Kraków', '800 tys.']) {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    // The caret is in the second row's last cell: that column goes, then the empty last row.
    const rows = contentEditor(page).locator('table').nth(1).locator('tr');
    await tableBar.getByRole('button', { name: 'Usuń kolumnę' }).click();
    await rows.nth(2).locator('td').first().click();
    await tableBar.getByRole('button', { name: 'Usuń wiersz' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await tableBar.getByRole('button', { name: 'Dodaj wiersz' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await rows.nth(2).locator('td').first().click();
    await tableBar.getByRole('button', { name: 'Usuń wiersz' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    const header = tableBar.getByRole('button', { name: 'Wiersz nagłówka' });
    expect(await header.getAttribute('aria-pressed')).toBe('true');
    await header.click();
    await expect.poll(() => header.getAttribute('aria-pressed')).toBe('false');
    await header.click();
    await expect.poll(() => header.getAttribute('aria-pressed')).toBe('true');
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Callout, with the mouse: the paragraph goes into the box; its kind and emoji are picked.
    await page.keyboard.press('Control+End');
    await page.keyboard.type('Uwaga na lawiny.');
    await page.getByRole('button', { name: 'Ramka' }).click();
    const callout = contentEditor(page).getByRole('group', { name: 'Ramka' });
    await callout.getByRole('combobox', { name: 'Rodzaj ramki' }).selectOption('warning');
    await callout.getByRole('combobox', { name: 'Ikona ramki' }).selectOption('⚠️');

    // Button, with the mouse: its address is checked as a link's is.
    await caretAtEnd(page);
    await page.getByRole('button', { name: 'Przycisk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wstaw przycisk' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Wstaw przycisk' }).click();
    await dialog.getByText('Wpisz tekst przycisku.').waitFor();
    await dialog.getByLabel('Tekst przycisku').fill('Zapisz się na wyjazd');
    await dialog.getByLabel('Adres').fill('javascript:alert(1)');
    await dialog.getByLabel('Adres').press('Enter');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Adres').fill('example.com/zapisy');
    await dialog.getByLabel('Adres').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await contentEditor(page).getByRole('group', { name: 'Przycisk: Zapisz się na wyjazd' }).waitFor();

    // Toggle, from the keyboard: the caret in its title, Enter goes to its content.
    await caretAtEnd(page);
    await pressFromKeyboard(page, 'Rozwijany blok');
    await page.keyboard.type('Szczegóły trasy');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Czarny szlak, 4 godziny.');

    const written = await editorHtml(page);
    expect(written).toContain(
      '<table><tbody><tr><th><p style="text-align: left;">Miasto</p></th><th><p style="text-align: left;">Ludność</p></th></tr><tr><td><p style="text-align: left;">Kraków</p></td><td><p style="text-align: left;">800 tys.</p></td></tr></tbody></table>',
    );
    expect(written).toContain(
      '<div class="callout-card" data-callout="warning" data-emoji="⚠️"><p style="text-align: left;">Uwaga na lawiny.</p></div>',
    );
    expect(written).toContain(
      '<div class="button-card"><a target="_blank" rel="noopener noreferrer" href="https://example.com/zapisy">Zapisz się na wyjazd</a></div>',
    );
    expect(written).toContain(
      '<details><summary>Szczegóły trasy</summary><p style="text-align: left;">Czarny szlak, 4 godziny.</p></details>',
    );

    await page.keyboard.press('Control+s');
    await page.getByText('Post zaktualizowany').first().waitFor();
    await page.getByRole('heading', { name: 'Wszystkie posty', level: 1 }).waitFor();
    await openPostEditor(page, setup.base, post.id);
    expect(await editorHtml(page)).toBe(written);
    expect(errors).toEqual([]);
    await page.close();

    // A reader's phone, without JavaScript: every card is in the server's page.
    const reader = await setup.browser.context.browser()!.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const article = await reader.newPage();
    await article.goto(`${setup.base}/post/${post.slug}`);
    const body = article.locator('article');
    expect(await body.locator('table th').allTextContents()).toEqual(['Miasto', 'Ludność']);
    const wide = body.locator('table').first();
    expect(await wide.evaluate((table) => table.scrollWidth > table.clientWidth)).toBe(true);
    expect(await body.locator('.callout-card[data-callout="warning"][data-emoji="⚠️"]').textContent()).toBe(
      'Uwaga na lawiny.',
    );
    const button = body.locator('.button-card a');
    expect(await button.getAttribute('href')).toBe('https://example.com/zapisy');
    expect(await button.textContent()).toBe('Zapisz się na wyjazd');
    const content = body.getByText('Czarny szlak, 4 godziny.');
    expect(await content.isVisible()).toBe(false);
    await body.locator('details summary').click();
    expect(await content.isVisible()).toBe(true);
    expect(await article.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await reader.close();

    // The same page with its script: accessible, and still no wider than the phone.
    const phone = await setup.browser.context
      .browser()!
      .newContext({ viewport: { width: 390, height: 844 } });
    const withScript = await phone.newPage();
    await withScript.goto(`${setup.base}/post/${post.slug}`);
    await withScript.locator('article details').waitFor();
    await withScript.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(withScript)).toEqual([]);
    expect(await withScript.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
  }, 240_000);
});
