import { buildCategory, buildPost } from '@blog/api/testing';
import { Post } from '@blog/api/models';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Browser } from './support/browser.ts';
import { openPostAsNewAdmin, typeAtEnd } from './support/admin-editor.ts';
import { useTwoPeople } from './support/two-people.ts';

/**
 * Two editors, one post: each in a browser of its own (two contexts, two sessions). The later
 * save is refused with a 409, the dialog says what changed on the server and keeps every character of
 * the refused text; „Nadpisz” and „Wczytaj nową wersję” both work.
 */
describe('two editors save the same post', () => {
  const people = useTwoPeople();

  const openEditor = (browser: Browser, postId: number) => openPostAsNewAdmin(browser, people.base, postId);

  const save = (page: Page) => page.getByRole('button', { name: 'Zapisz zmiany' }).click();

  it('answers the people.second save with the choice dialog; „Nadpisz” saves every character of it', async () => {
    const category = await buildCategory();
    const post = await buildPost({ categories: [category], content: '<p>Początek tekstu.</p>' });
    const a = await openEditor(people.first, post.id);
    const b = await openEditor(people.second, post.id);

    await b.getByLabel('Tytuł').fill('Tytuł zapisany w drugiej karcie');
    await save(b);
    await b.waitForURL(`${people.base}/admin/posts`);

    const typed = ' Zdanie, którego nie wolno zgubić: zażółć gęślą jaźń!';
    await typeAtEnd(a, typed);
    await save(a);
    const dialog = a.getByRole('alertdialog', { name: 'Ktoś inny zapisał ten post' });
    await dialog.waitFor();
    expect(await dialog.getByText('Zmienione na serwerze:').locator('..').textContent()).toContain('Tytuł');
    expect(await dialog.getByLabel('Twoja wersja').inputValue()).toContain(`Początek tekstu.${typed}`);
    for (const name of ['Nadpisz', 'Wczytaj nową wersję', 'Skopiuj mój tekst'])
      expect(await dialog.getByRole('button', { name }).count(), name).toBe(1);
    expect(a.url()).toBe(`${people.base}/admin/posts/edit/${post.id}`);

    await dialog.getByRole('button', { name: 'Nadpisz' }).click();
    await a.waitForURL(`${people.base}/admin/posts`);
    const stored = await Post.findByPk(post.id);
    expect(stored!.content).toContain(`Początek tekstu.${typed}</p>`);
    expect(stored!.title).toBe(post.title);
    expect(stored!.version).toBe(3);
    await Promise.all([a.close(), b.close()]);
  });

  it('„Wczytaj nową wersję” shows the server copy and keeps the refused text beside it', async () => {
    const category = await buildCategory();
    const post = await buildPost({ categories: [category], content: '<p>Wersja pierwsza.</p>' });
    const a = await openEditor(people.first, post.id);
    const b = await openEditor(people.second, post.id);
    await b.getByLabel('Tytuł').fill('Nowy tytuł z drugiej karty');
    await save(b);
    await b.waitForURL(`${people.base}/admin/posts`);

    const typed = ' Mój dopisek, 100% moich znaków.';
    await typeAtEnd(a, typed);
    await save(a);
    const dialog = a.getByRole('alertdialog', { name: 'Ktoś inny zapisał ten post' });
    await dialog.getByRole('button', { name: 'Wczytaj nową wersję' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await a.getByLabel('Tytuł').inputValue()).toBe('Nowy tytuł z drugiej karty');
    const leftover = a.getByRole('region', { name: 'Twoja niezapisana wersja' });
    expect(await leftover.getByLabel('Twój tekst').inputValue()).toContain(`Wersja pierwsza.${typed}`);
    // The server's copy saves normally now.
    await save(a);
    await a.waitForURL(`${people.base}/admin/posts`);
    expect((await Post.findByPk(post.id))!.version).toBe(3);
    await Promise.all([a.close(), b.close()]);
  });
});
