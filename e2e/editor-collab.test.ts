import { Post } from '@blog/api/models';
import { buildPost } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Browser } from './support/browser.ts';
import {
  contentEditor,
  openPostAsNewAdmin,
  openPostEditor,
  otherEditors,
  sharedBodyText,
  signInAsNewAdmin,
  typeAtEnd,
} from './support/admin-editor.ts';
import { useTwoPeople } from './support/two-people.ts';

/**
 * Two editors, one post, live: each in a browser of its own (two contexts, two sessions) typing into
 * the same paragraph at the same time. Both end with the same body holding both texts, and the
 * post's stored text, filled into the new shared document by one of them only, appears once. The
 * editor appears only once the shared document holds the body: what is typed the moment it appears
 * is saved, every character.
 */
describe('two editors write one post together', () => {
  const people = useTwoPeople();

  const openEditor = (browser: Browser, postId: number) => openPostAsNewAdmin(browser, people.base, postId);

  it('merges what both type into the same paragraph at once', async () => {
    const post = await buildPost({ content: '<p>Wspólny akapit.</p>' });
    const [a, b] = await Promise.all([openEditor(people.first, post.id), openEditor(people.second, post.id)]);
    // Each sees the other in the post.
    await otherEditors(a).getByRole('listitem').first().waitFor();
    await otherEditors(b).getByRole('listitem').first().waitFor();

    // One at the paragraph's start, one at its end: two people typing at the very same spot at once
    // get their letters interleaved (the CRDT keeps every letter, not each one's words together).
    const typeInParagraph = async (page: Page, key: 'Home' | 'End', text: string) => {
      await contentEditor(page).getByText('Wspólny akapit.').click();
      await page.keyboard.press(key);
      await page.keyboard.type(text, { delay: 20 });
    };
    await Promise.all([
      typeInParagraph(a, 'Home', 'Anna dopisuje. '),
      typeInParagraph(b, 'End', ' Bartek dopisuje.'),
    ]);

    await expect
      .poll(async () => (await sharedBodyText(a)) === (await sharedBodyText(b)), { timeout: 10_000 })
      .toBe(true);
    const body = await sharedBodyText(a);
    expect(body).toContain('Anna dopisuje.');
    expect(body).toContain('Bartek dopisuje.');
    expect(body.split('Wspólny akapit.').length - 1).toBe(1);
    expect(await contentEditor(a).locator('p').count()).toBe(1);
    await Promise.all([a.close(), b.close()]);
  });

  const save = async (page: Page) => {
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.waitForURL(`${people.base}/admin/posts`);
  };

  it('saves every character typed the moment the editor of a never-shared post appears', async () => {
    const post = await buildPost({ content: '<p>Zapisany akapit.</p>' });
    const page = await signInAsNewAdmin(people.first, people.base);
    // The first letters go in from inside the page in the very task the editing area appears (no
    // round trip from the test could be that quick), then the rest from the keyboard.
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        const area = document.querySelector<HTMLElement>('.ProseMirror[contenteditable="true"]');
        if (!area) return;
        observer.disconnect();
        area.focus();
        document.execCommand('insertText', false, 'Pierwsze litery. ');
      }).observe(document, { childList: true, subtree: true });
    });
    await openPostEditor(page, people.base, post.id);
    const typed = ' Od razu: zażółć gęślą jaźń!';
    await typeAtEnd(page, typed);
    await save(page);
    const stored = (await Post.findByPk(post.id))!.content;
    expect(stored).toContain('Pierwsze litery. ');
    expect(stored).toContain(`Zapisany akapit.${typed}`);
    expect(stored.split('Zapisany akapit.').length - 1).toBe(1);
    await page.close();
  });

  it('gives two editors opening a never-shared post at once its body once, and keeps what both type at once', async () => {
    const post = await buildPost({ content: '<p>Pierwszy akapit.</p><p>Drugi akapit.</p>' });
    const [a, b] = await Promise.all([openEditor(people.first, post.id), openEditor(people.second, post.id)]);
    // At once, each the moment their editor appears (in two paragraphs: see the test above).
    const typeAfter = async (page: Page, text: string) => {
      await contentEditor(page).getByText('Pierwszy akapit.').click();
      await page.keyboard.press('End');
      await page.keyboard.type(text);
    };
    await Promise.all([typeAfter(a, ' Anna.'), typeAtEnd(b, ' Bartek.')]);
    await expect
      .poll(async () => {
        const text = (await contentEditor(b).textContent()) ?? '';
        return text.includes('Anna.') && text.includes('Bartek.');
      })
      .toBe(true);
    await save(b);
    const stored = (await Post.findByPk(post.id))!.content;
    for (const text of ['Pierwszy akapit.', 'Drugi akapit.', 'Anna.', 'Bartek.'])
      expect(stored.split(text).length - 1, text).toBe(1);
    await Promise.all([a.close(), b.close()]);
  });
});
