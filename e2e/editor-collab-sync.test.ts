import { Post } from '@blog/api/models';
import { buildPost, buildUser, TestBrowser, type TestApi, uniqueSuffix } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './support/browser.ts';
import { contentEditor, openPostEditor, signInAsNewAdmin, typeAtEnd } from './support/admin-editor.ts';
import { startProduct } from './support/product.ts';

const OFFLINE_TEXT = 'Brak połączenia — zmiany zostaną wysłane po powrocie sieci';

/**
 * Two editors in one post while the body changes elsewhere or the network goes: a save through the
 * plain API (no editor) reaches both shared editors, and what one typed offline meets what the other
 * typed meanwhile once the network is back.
 */
// Opening two editors of one post takes up to a minute on a busy two-core machine: longer than the
// project's default per test.
describe('a shared post body kept in step', () => {
  let product: TestApi;
  let first: Browser;
  let second: Browser;
  let base: string;
  beforeAll(async () => {
    product = await startProduct();
    [first, second] = await Promise.all([launchBrowser(), launchBrowser()]);
    base = `http://127.0.0.1:${product.port}`;
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await product?.close();
  });

  const openEditor = async (browser: Browser, postId: number): Promise<Page> => {
    const page = await signInAsNewAdmin(browser, base);
    await openPostEditor(page, base, postId);
    // Shared: the other editor's initials appear above the toolbar.
    await page
      .getByRole('list', { name: 'Inne osoby edytujące ten post' })
      .getByRole('listitem')
      .first()
      .waitFor();
    return page;
  };

  // The text of the body without the others' carets (their name labels are drawn inside it).
  const bodyOf = (page: Page) =>
    contentEditor(page).evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      for (const caret of copy.querySelectorAll('.collab-caret')) caret.remove();
      return copy.textContent ?? '';
    });

  it(
    'shows a body saved through the plain API to both editors, and a save then keeps it',
    { timeout: 180_000 },
    async () => {
      const post = await buildPost({ content: '<p>Stary akapit.</p>' });
      const [a, b] = await Promise.all([openEditor(first, post.id), openEditor(second, post.id)]);

      // A client outside the session (a script, another tool) saves the post through the API.
      const password = 'Haslo!2024';
      const outsider = await buildUser({ username: `e2e-api-${uniqueSuffix()}`, role: 'admin', password });
      const api = new TestBrowser(product);
      await api.signIn(outsider.username, password);
      const form = new FormData();
      form.set(
        'postData',
        JSON.stringify({ title: post.title, slug: post.slug, content: '<p>Nowy akapit z API.</p>' }),
      );
      expect((await api.upload('PUT', `/api/admin/posts/${post.id}`, form)).status).toBe(200);

      for (const page of [a, b]) {
        await expect.poll(() => bodyOf(page), { timeout: 10_000 }).toBe('Nowy akapit z API.');
      }

      await typeAtEnd(a, ' Dopisane po zapisie.');
      await expect.poll(() => bodyOf(b), { timeout: 10_000 }).toBe('Nowy akapit z API. Dopisane po zapisie.');

      // The form was loaded before that save: the version check asks; „Nadpisz” sends what is shown.
      await a.getByRole('button', { name: 'Zapisz zmiany' }).click();
      const dialog = a.getByRole('alertdialog', { name: 'Ktoś inny zapisał ten post' });
      await dialog.getByRole('button', { name: 'Nadpisz' }).click();
      await a.waitForURL(`${base}/admin/posts`);
      const stored = (await Post.findByPk(post.id))!.content;
      expect(stored).toContain('Nowy akapit z API. Dopisane po zapisie.');
      expect(stored).not.toContain('Stary akapit.');
      // The other editor still holds the same body (the save was the session's own: nothing replaced).
      expect(await bodyOf(b)).toBe('Nowy akapit z API. Dopisane po zapisie.');
      await Promise.all([a.close(), b.close()]);
    },
  );

  it('merges what one typed offline with what the other typed meanwhile', { timeout: 180_000 }, async () => {
    const post = await buildPost({ content: '<p>Wspólny początek.</p>' });
    const [a, b] = await Promise.all([openEditor(first, post.id), openEditor(second, post.id)]);

    await first.context.setOffline(true);
    await a.getByRole('status').filter({ hasText: OFFLINE_TEXT }).waitFor();
    await typeAtEnd(a, ' Anna bez sieci.');
    await contentEditor(b).getByText('Wspólny początek.').click();
    await b.keyboard.press('Home');
    await b.keyboard.type('Bartek w sieci. ');
    // A still sees only its own text: nothing reaches it while offline.
    expect(await bodyOf(a)).toBe('Wspólny początek. Anna bez sieci.');

    await first.context.setOffline(false);
    await a
      .getByRole('status')
      .filter({ hasText: OFFLINE_TEXT })
      .waitFor({ state: 'detached', timeout: 15_000 });
    const both = 'Bartek w sieci. Wspólny początek. Anna bez sieci.';
    for (const page of [a, b]) {
      await expect.poll(() => bodyOf(page), { timeout: 15_000 }).toBe(both);
    }

    await b.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await b.waitForURL(`${base}/admin/posts`);
    const stored = (await Post.findByPk(post.id))!.content;
    expect(stored).toContain(both);
    await Promise.all([a.close(), b.close()]);
  });
});
