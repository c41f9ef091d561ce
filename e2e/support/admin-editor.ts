import { buildUser, uniqueSuffix } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import type { Browser } from './browser.ts';

const PASSWORD = 'Haslo!2024';

/** A fresh admin signed in through /auth in a fresh context of `browser`; the dashboard shown. */
export async function signInAsNewAdmin(browser: Browser, base: string): Promise<Page> {
  return (await signInAsNewStaff(browser, base, 'admin')).page;
}

/** A fresh admin or publisher signed in as `signInAsNewAdmin` does; with the account (a publisher's posts). */
export async function signInAsNewStaff(
  browser: Browser,
  base: string,
  role: 'admin' | 'publisher',
): Promise<{ page: Page; user: Awaited<ReturnType<typeof buildUser>> }> {
  const user = await buildUser({
    username: `e2e-edytor-${uniqueSuffix()}`,
    role,
    password: PASSWORD,
  });
  await browser.fresh();
  const page = await browser.context.newPage();
  await page.goto(`${base}/auth`);
  const form = page.getByRole('form', { name: 'Logowanie' });
  await form.getByLabel('Login').fill(user.username);
  await form.getByLabel('Hasło', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.getByRole('heading', { name: 'Pulpit', level: 1 }).waitFor();
  return { page, user };
}

/**
 * Opens the edit screen of a post and waits for its rich-text field (shown once the post's shared
 * document holds its body, or alone after the wait).
 */
export async function openPostEditor(page: Page, base: string, postId: number): Promise<void> {
  await page.goto(`${base}/admin/posts/edit/${postId}`);
  await contentEditor(page).waitFor();
}

export const contentEditor = (page: Page) => page.getByRole('textbox', { name: 'Treść' });

/** Types at the end of the post's text. */
export async function typeAtEnd(page: Page, text: string): Promise<void> {
  await contentEditor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}
