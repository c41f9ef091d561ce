import type { Page } from 'playwright-core';
import type { Browser } from './browser.ts';
import { newStaffPage, type StaffPage } from './sign-in.ts';

/** A fresh admin signed in through /auth in a fresh context of `browser`; the dashboard shown. */
export async function signInAsNewAdmin(browser: Browser, base: string): Promise<Page> {
  return (await signInAsNewStaff(browser, base, 'admin')).page;
}

/** A fresh admin or publisher signed in as `signInAsNewAdmin` does; with the account (a publisher's posts). */
export async function signInAsNewStaff(
  browser: Browser,
  base: string,
  role: 'admin' | 'publisher',
): Promise<StaffPage> {
  return newStaffPage(await browser.fresh(), base, { role, prefix: 'e2e-edytor' });
}

/**
 * Opens the edit screen of a post and waits for its rich-text field (shown once the post's shared
 * document holds its body, or alone after the wait).
 */
export async function openPostEditor(page: Page, base: string, postId: number): Promise<void> {
  await page.goto(`${base}/admin/posts/edit/${postId}`);
  await contentEditor(page).waitFor();
}

/** A fresh admin signed in in a fresh context of `browser`, on the edit screen of a post. */
export async function openPostAsNewAdmin(browser: Browser, base: string, postId: number): Promise<Page> {
  const page = await signInAsNewAdmin(browser, base);
  await openPostEditor(page, base, postId);
  return page;
}

export const contentEditor = (page: Page) => page.getByRole('textbox', { name: 'Treść' });

/** The text of a shared post's body without the others' carets (their name labels are drawn inside it). */
export const sharedBodyText = (page: Page) =>
  contentEditor(page).evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll('.collab-caret')) caret.remove();
    return copy.textContent ?? '';
  });

/** The list of the other people editing the post, above the toolbar. */
export const otherEditors = (page: Page) => page.getByRole('list', { name: 'Inne osoby edytujące ten post' });

/** Types at the end of the post's text. */
export async function typeAtEnd(page: Page, text: string): Promise<void> {
  await contentEditor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}
