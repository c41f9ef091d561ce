import { buildCategory, buildUser, TestBrowser, uniqueSuffix } from '@blog/api/testing';
import type { AdminPost } from '@blog/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contentEditor, openPostEditor, signInAsNewAdmin, typeAtEnd } from './support/admin-editor.ts';
import { useProductAndBrowser } from './support/two-people.ts';

/**
 * The post editor on a 390 px phone (side column and „Historia zmian” with many revisions never
 * wider than the screen), a link typed without a scheme, and the inline markdown shortcuts.
 */
const PASSWORD = 'Haslo!2024';
const LINK_ALERT = 'Wystąpił błąd podczas dodawania linku. Sprawdź poprawność URL.';

describe('the post editor on a phone, links and inline markdown', () => {
  const setup = useProductAndBrowser();

  /** A post saved `saves` times through the admin API (each save a revision), with long titles. */
  async function postWithRevisions(saves: number): Promise<AdminPost> {
    const user = await buildUser({
      username: `e2e-wersje-${uniqueSuffix()}`,
      role: 'admin',
      password: PASSWORD,
    });
    const client = new TestBrowser(setup.product);
    await client.signIn(user.username, PASSWORD);
    const category = await buildCategory();
    const form = (input: Record<string, unknown>) => {
      const data = new FormData();
      data.set('postData', JSON.stringify(input));
      return data;
    };
    const input = {
      // One long word: a title a row cannot wrap must still not widen the page.
      title: `Konstantynopolitańczykowianeczkówna-${uniqueSuffix()}`,
      slug: `wpis-z-wersjami-${uniqueSuffix()}`,
      content: '<p>Pierwsza wersja wpisu o historii zmian.</p>',
      published: true,
      categories: [category.id],
      tags: ['historia'],
    };
    let res = await client.upload('POST', '/api/admin/posts', form(input));
    expect(res.status).toBe(201);
    let post = (await res.json()) as AdminPost;
    for (let n = 2; n <= saves; n += 1) {
      res = await client.upload(
        'PUT',
        `/api/admin/posts/${post.id}`,
        form({
          ...input,
          title: `${input.title}-${n}`,
          content: `<p>Wersja ${n} wpisu.</p>`,
          version: post.version,
        }),
      );
      expect(res.status).toBe(200);
      post = (await res.json()) as AdminPost;
    }
    return post;
  }

  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  it('at 390×844 the side column and „Historia zmian” of a post with 7 revisions fit the screen', async () => {
    const post = await postWithRevisions(7);
    const page = await signInAsNewAdmin(setup.browser, setup.base);
    await page.setViewportSize({ width: 390, height: 844 });
    await openPostEditor(page, setup.base, post.id);
    const history = page.getByRole('region', { name: 'Historia zmian' });
    await history.getByRole('listitem').nth(6).waitFor();
    expect(await history.getByRole('listitem').count()).toBe(7);
    await page.getByRole('heading', { name: 'Ustawienia publikacji' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    // Every part of the side column inside the screen, not only the page's overall width.
    for (const region of [history, page.getByRole('heading', { name: 'Tagi' })]) {
      const box = await region.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }

    // An older revision's dialog, its comparison included, is no wider either.
    await history
      .getByRole('listitem')
      .nth(3)
      .getByRole('button', { name: /^Pokaż wersję z/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Wersja z / });
    await dialog.getByRole('group', { name: 'Porównanie z bieżącą wersją' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await page.close();
  });

  /** Types `text` as a new last paragraph, selects it and opens the link popover with Ctrl+K. */
  async function linkPopoverOver(page: Page, text: string) {
    // A paragraph of its own: the selection must hold no earlier link (that opens „Edytuj link”).
    await typeAtEnd(page, '');
    await page.keyboard.press('Enter');
    await page.keyboard.type(text);
    await page.keyboard.press('Shift+Home');
    await expect
      .poll(() =>
        contentEditor(page).evaluate(
          (element) =>
            (element as HTMLElement & { editor?: { state: { selection: { empty: boolean } } } }).editor?.state
              .selection.empty ?? true,
        ),
      )
      .toBe(false);
    await page.keyboard.press('Control+k');
    const popover = page.getByRole('dialog', { name: 'Wstaw link' });
    await popover.waitFor();
    return popover;
  }

  it('a link typed without a scheme gets https://; javascript: is still refused', async () => {
    const post = await postWithRevisions(1);
    const page = await signInAsNewAdmin(setup.browser, setup.base);
    await openPostEditor(page, setup.base, post.id);

    let popover = await linkPopoverOver(page, 'Ghost');
    const address = popover.getByLabel('Adres linku (URL)');
    await address.fill('javascript:alert(1)');
    await address.press('Enter');
    await popover.getByRole('alert').filter({ hasText: LINK_ALERT }).waitFor();
    expect(await contentEditor(page).locator('a').count()).toBe(0);
    await address.fill('ghost.org');
    await address.press('Enter');
    await contentEditor(page).locator('a[href="https://ghost.org"]', { hasText: 'Ghost' }).waitFor();

    popover = await linkPopoverOver(page, 'Dokumentacja');
    await popover.getByLabel('Adres linku (URL)').fill('www.example.com/docs?strona=2');
    await popover.getByLabel('Adres linku (URL)').press('Enter');
    await contentEditor(page)
      .locator('a[href="https://www.example.com/docs?strona=2"]', { hasText: 'Dokumentacja' })
      .waitFor();

    await page.keyboard.press('Control+s');
    await page.waitForURL(`${setup.base}/admin/posts`);
    const html = await (await fetch(`${setup.base}/post/${post.slug}`)).text();
    expect(html).toMatch(/<a [^>]*href="https:\/\/ghost\.org"[^>]*>Ghost<\/a>/);
    await page.close();
  });

  it('`kod` and ~~przekreślenie~~ typed in the text become code and strikethrough, and are saved so', async () => {
    const post = await postWithRevisions(1);
    const page = await signInAsNewAdmin(setup.browser, setup.base);
    await openPostEditor(page, setup.base, post.id);
    await typeAtEnd(page, ' Wpisz `kod` i ~~przekreślenie~~ dalej.');
    await contentEditor(page).locator('code', { hasText: /^kod$/ }).waitFor();
    await contentEditor(page)
      .locator('s', { hasText: /^przekreślenie$/ })
      .waitFor();
    expect(await contentEditor(page).textContent()).toContain('Wpisz kod i przekreślenie dalej.');
    await page.keyboard.press('Control+s');
    await page.waitForURL(`${setup.base}/admin/posts`);
    const html = await (await fetch(`${setup.base}/post/${post.slug}`)).text();
    expect(html).toContain('Wpisz <code>kod</code> i <s>przekreślenie</s> dalej.');
    await page.close();
  });
});
