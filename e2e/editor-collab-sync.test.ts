import { Post } from '@blog/api/models';
import { buildPost, buildUser, TestBrowser, uniqueSuffix } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Browser } from './support/browser.ts';
import {
  contentEditor,
  openPostAsNewAdmin,
  otherEditors,
  sharedBodyText,
  typeAtEnd,
} from './support/admin-editor.ts';
import { useTwoPeople } from './support/two-people.ts';

const OFFLINE_TEXT = 'Brak połączenia — zmiany zostaną wysłane po powrocie sieci';

/**
 * Two editors in one post while the body changes elsewhere or the network goes: a save through the
 * plain API (no editor) reaches both shared editors, and what one typed offline meets what the other
 * typed meanwhile once the network is back.
 */
// Opening two editors of one post takes up to a minute on a busy two-core machine: longer than the
// project's default per test.
describe('a shared post body kept in step', () => {
  const people = useTwoPeople();

  const openEditor = async (browser: Browser, postId: number): Promise<Page> => {
    const page = await openPostAsNewAdmin(browser, people.base, postId);
    // Shared: the other editor's initials appear above the toolbar.
    await otherEditors(page).getByRole('listitem').first().waitFor();
    return page;
  };

  it(
    'shows a body saved through the plain API to both editors, and a save then keeps it',
    { timeout: 180_000 },
    async () => {
      const post = await buildPost({ content: '<p>Stary akapit.</p>' });
      const [a, b] = await Promise.all([
        openEditor(people.first, post.id),
        openEditor(people.second, post.id),
      ]);

      // A client outside the session (a script, another tool) saves the post through the API.
      const password = 'Haslo!2024';
      const outsider = await buildUser({ username: `e2e-api-${uniqueSuffix()}`, role: 'admin', password });
      const api = new TestBrowser(people.product);
      await api.signIn(outsider.username, password);
      const form = new FormData();
      form.set(
        'postData',
        JSON.stringify({ title: post.title, slug: post.slug, content: '<p>Nowy akapit z API.</p>' }),
      );
      expect((await api.upload('PUT', `/api/admin/posts/${post.id}`, form)).status).toBe(200);

      for (const page of [a, b]) {
        await expect.poll(() => sharedBodyText(page), { timeout: 10_000 }).toBe('Nowy akapit z API.');
      }

      await typeAtEnd(a, ' Dopisane po zapisie.');
      await expect
        .poll(() => sharedBodyText(b), { timeout: 10_000 })
        .toBe('Nowy akapit z API. Dopisane po zapisie.');

      // The form was loaded before that save: the version check asks; „Nadpisz” sends what is shown.
      await a.getByRole('button', { name: 'Zapisz zmiany' }).click();
      const dialog = a.getByRole('alertdialog', { name: 'Ktoś inny zapisał ten post' });
      await dialog.getByRole('button', { name: 'Nadpisz' }).click();
      await a.waitForURL(`${people.base}/admin/posts`);
      const stored = (await Post.findByPk(post.id))!.content;
      expect(stored).toContain('Nowy akapit z API. Dopisane po zapisie.');
      expect(stored).not.toContain('Stary akapit.');
      // The other editor still holds the same body (the save was the session's own: nothing replaced).
      expect(await sharedBodyText(b)).toBe('Nowy akapit z API. Dopisane po zapisie.');
      await Promise.all([a.close(), b.close()]);
    },
  );

  it('merges what one typed offline with what the other typed meanwhile', { timeout: 180_000 }, async () => {
    const post = await buildPost({ content: '<p>Wspólny początek.</p>' });
    const [a, b] = await Promise.all([openEditor(people.first, post.id), openEditor(people.second, post.id)]);

    await people.first.context.setOffline(true);
    await a.getByRole('status').filter({ hasText: OFFLINE_TEXT }).waitFor();
    await typeAtEnd(a, ' Anna bez sieci.');
    await contentEditor(b).getByText('Wspólny początek.').click();
    await b.keyboard.press('Home');
    await b.keyboard.type('Bartek w sieci. ');
    // A still sees only its own text: nothing reaches it while offline.
    expect(await sharedBodyText(a)).toBe('Wspólny początek. Anna bez sieci.');

    await people.first.context.setOffline(false);
    await a
      .getByRole('status')
      .filter({ hasText: OFFLINE_TEXT })
      .waitFor({ state: 'detached', timeout: 15_000 });
    const both = 'Bartek w sieci. Wspólny początek. Anna bez sieci.';
    for (const page of [a, b]) {
      await expect.poll(() => sharedBodyText(page), { timeout: 15_000 }).toBe(both);
    }

    await b.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await b.waitForURL(`${people.base}/admin/posts`);
    const stored = (await Post.findByPk(post.id))!.content;
    expect(stored).toContain(both);
    await Promise.all([a.close(), b.close()]);
  });
});
