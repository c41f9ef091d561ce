import { buildCategory, buildPost } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contentEditor, openPostEditor, signInAsNewStaff, typeAtEnd } from './support/admin-editor.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { useProductAndBrowser } from './support/two-people.ts';

/**
 * The `/` menu: typed at the start of an empty paragraph it lists the blocks and cards; typing
 * filters it (with or without Polish letters), the arrows and Enter or a click pick, Escape leaves
 * the `/` as text. An administrator also finds the HTML card there (and in the toolbar), which
 * opens empty with its source field; a publisher finds it in neither.
 */
describe('the editor’s `/` menu', () => {
  const setup = useProductAndBrowser();

  const editorHtml = (page: Page) =>
    contentEditor(page).evaluate((element) =>
      (element as HTMLElement & { editor: { getHTML(): string } }).editor.getHTML(),
    );
  /** The caret at the end of the text, on a new empty line. */
  const newLineAtEnd = async (page: Page) => {
    await contentEditor(page).evaluate((element) =>
      (
        element as HTMLElement & { editor: { commands: { focus(at: 'end'): boolean } } }
      ).editor.commands.focus('end'),
    );
    // An editor without focus takes it a frame later: keys pressed before then would go elsewhere.
    await expect
      .poll(() => contentEditor(page).evaluate((element) => element === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Enter');
  };
  const menu = (page: Page) => page.getByRole('listbox', { name: 'Wstaw blok' });
  const optionNames = (page: Page) => menu(page).getByRole('option').allTextContents();
  /** The option the text field points a screen reader at. */
  const announced = async (page: Page) => {
    const id = await contentEditor(page).getAttribute('aria-activedescendant');
    return id === null ? null : page.locator(`[id="${id}"]`).textContent();
  };

  it('an administrator picks a table from the keyboard, a callout with the mouse, an HTML card; Escape keeps the text', async () => {
    const post = await buildPost({
      published: true,
      categories: [await buildCategory()],
      content: '<p>Początek.</p>',
    });
    const { page } = await signInAsNewStaff(setup.browser, setup.base, 'admin');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openPostEditor(page, setup.base, post.id);
    await typeAtEnd(page, '');
    await page.keyboard.press('Enter');

    // Keyboard: `/` opens the whole list, the arrows move the announced option, a folded word filters.
    await page.keyboard.type('/');
    await menu(page).waitFor();
    expect(await optionNames(page)).toContain('Blok HTML');
    expect(await announced(page)).toBe('Nagłówek 2');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await announced(page)).toBe('Nagłówek 4');
    expect(await menu(page).getByRole('option', { selected: true }).textContent()).toBe('Nagłówek 4');
    await page.keyboard.press('ArrowUp');
    expect(await announced(page)).toBe('Nagłówek 3');
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.type('tabel');
    await expect.poll(() => optionNames(page)).toEqual(['Tabela']);
    await page.keyboard.press('Enter');
    await page.getByRole('toolbar', { name: 'Tabela' }).waitFor();
    expect(await menu(page).count()).toBe(0);
    expect(await contentEditor(page).getAttribute('aria-activedescendant')).toBeNull();
    // The caret is in the table's first cell, and `/tabel` is gone.
    await page.keyboard.type('Szczyt');
    expect(await contentEditor(page).locator('table th').first().textContent()).toBe('Szczyt');
    expect(await editorHtml(page)).not.toContain('/tabel');

    // Escape closes the menu and leaves what was typed as text; a space does not reopen it.
    await newLineAtEnd(page);
    await page.keyboard.type('/osadz');
    await expect.poll(() => optionNames(page)).toEqual(['Osadź']);
    await page.keyboard.press('Escape');
    await menu(page).waitFor({ state: 'detached' });
    await page.keyboard.type(' to zwykły tekst');
    expect(await menu(page).count()).toBe(0);
    expect(await editorHtml(page)).toContain('>/osadz to zwykły tekst</p>');

    // Mouse: a click picks the callout; the caret is in it.
    await newLineAtEnd(page);
    await page.keyboard.type('/ramk');
    await menu(page).getByRole('option', { name: 'Ramka' }).click();
    const callout = contentEditor(page).getByRole('group', { name: 'Ramka' });
    await callout.waitFor();
    await page.keyboard.type('Uwaga na lawiny.');
    expect(await editorHtml(page)).toContain(
      '<div class="callout-card" data-callout="info"><p style="text-align: left;">Uwaga na lawiny.</p></div>',
    );

    // The menu closes when the editor loses focus; the `/` stays.
    await newLineAtEnd(page);
    await page.keyboard.type('/');
    await menu(page).waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await menu(page).waitFor({ state: 'detached' });

    // The HTML card: opens empty with its source field focused; what is applied is cleaned at once.
    await newLineAtEnd(page);
    await page.keyboard.type('/html');
    await expect.poll(() => optionNames(page)).toEqual(['Blok HTML']);
    await page.keyboard.press('Enter');
    const source = contentEditor(page).getByRole('textbox', { name: 'Kod HTML bloku' });
    await expect.poll(() => source.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('<p onclick="alert(1)">Mapa <b>szlaku</b></p><script>alert(2)</script>');
    const card = contentEditor(page).getByRole('group', { name: 'Blok HTML' });
    await card.getByRole('button', { name: 'Zastosuj' }).click();
    await expect
      .poll(() => card.locator('.html-card-preview').innerHTML())
      .toBe('<p>Mapa <strong>szlaku</strong></p>');
    expect(await editorHtml(page)).toContain(
      '<div class="html-card"><p>Mapa <strong>szlaku</strong></p></div>',
    );
    expect(await editorHtml(page)).not.toMatch(/onclick|script|\/html/);

    // The toolbar's button does the same; „Anuluj” on an empty card removes it.
    await newLineAtEnd(page);
    await page
      .getByRole('toolbar', { name: 'Formatowanie tekstu' })
      .getByRole('button', { name: 'Blok HTML' })
      .click();
    await expect.poll(() => contentEditor(page).getByRole('group', { name: 'Blok HTML' }).count()).toBe(2);
    await contentEditor(page).getByRole('button', { name: 'Anuluj' }).click();
    await expect.poll(() => contentEditor(page).getByRole('group', { name: 'Blok HTML' }).count()).toBe(1);
    const written = await editorHtml(page);

    await page.keyboard.press('Control+s');
    await page.getByText('Post zaktualizowany').first().waitFor();
    await page.getByRole('heading', { name: 'Wszystkie posty', level: 1 }).waitFor();
    await openPostEditor(page, setup.base, post.id);
    expect(await editorHtml(page)).toBe(written);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('on a 390 px phone the menu fits and the page does not widen', async () => {
    const post = await buildPost({
      published: true,
      categories: [await buildCategory()],
      content: '<p>A.</p>',
    });
    const { page } = await signInAsNewStaff(setup.browser, setup.base, 'admin');
    await page.setViewportSize({ width: 390, height: 844 });
    await openPostEditor(page, setup.base, post.id);
    await typeAtEnd(page, '');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/');
    await menu(page).waitFor();
    const box = await menu(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  }, 120_000);

  it('a publisher finds no HTML card, in the menu or the toolbar', async () => {
    const { page, user } = await signInAsNewStaff(setup.browser, setup.base, 'publisher');
    const post = await buildPost({ author: user, content: '<p>Mój wpis.</p>' });
    await openPostEditor(page, setup.base, post.id);
    expect(
      await page
        .getByRole('toolbar', { name: 'Formatowanie tekstu' })
        .getByRole('button', { name: 'Tabela' })
        .count(),
    ).toBe(1);
    expect(
      await page
        .getByRole('toolbar', { name: 'Formatowanie tekstu' })
        .getByRole('button', { name: 'Blok HTML' })
        .count(),
    ).toBe(0);
    await typeAtEnd(page, '');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/');
    await menu(page).waitFor();
    const names = await optionNames(page);
    expect(names).toContain('Ramka');
    expect(names).not.toContain('Blok HTML');
    await page.keyboard.type('html');
    await page.getByText('Brak pasujących bloków').waitFor();
    expect(await menu(page).count()).toBe(0);
    await page.close();
  }, 120_000);
});
