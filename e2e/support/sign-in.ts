import { buildUser, uniqueSuffix } from '@blog/api/testing';
import type { BrowserContext, Page } from 'playwright-core';

/** The password of every account the browser tests create. */
export const E2E_PASSWORD = 'Haslo!2024';

/** Signs `username` in through the /auth form on `page` and waits for the panel's dashboard. */
export async function signInThroughForm(
  page: Page,
  base: string,
  username: string,
  password = E2E_PASSWORD,
): Promise<void> {
  await page.goto(`${base}/auth`);
  const form = page.getByRole('form', { name: 'Logowanie' });
  await form.getByLabel('Login').fill(username);
  await form.getByLabel('Hasło', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.getByRole('heading', { name: 'Pulpit', level: 1 }).waitFor();
}

export interface StaffPage {
  page: Page;
  user: Awaited<ReturnType<typeof buildUser>>;
  /** The page's uncaught script errors, collected from its first load. */
  errors: string[];
}

/**
 * A new admin or publisher (username `<prefix>-<unique>`) signed in on a new page of `context`. A
 * journey that must not inherit another's session passes a context of its own (`browser.fresh()`).
 */
export async function newStaffPage(
  context: BrowserContext,
  base: string,
  { role = 'admin', prefix = 'e2e-staff' }: { role?: 'admin' | 'publisher'; prefix?: string } = {},
): Promise<StaffPage> {
  const user = await buildUser({ username: `${prefix}-${uniqueSuffix()}`, role, password: E2E_PASSWORD });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInThroughForm(page, base, user.username);
  return { page, user, errors };
}
