import {
  buildCategory,
  buildPost,
  buildSubscription,
  buildUser,
  type TestApi,
  uniqueSuffix,
} from '@blog/api/testing';
import { CATEGORY_ADMIN_ONLY } from '@blog/shared/rules';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { E2E_PASSWORD, newStaffPage } from './support/sign-in.ts';

/** Smaller items of the admin panel in Chromium against the built product. */

describe('smaller items of the admin panel', () => {
  let product: TestApi;
  let browser: Browser;
  let base: string;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    base = `http://127.0.0.1:${product.port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });
  beforeEach(async () => {
    await browser.fresh();
  });

  const signedInAdmin = (role: 'admin' | 'publisher' = 'admin') =>
    newStaffPage(browser.context, base, { role, prefix: 'e2e-panel' });

  it('the category delete confirmation counts the posts readers would lose and the subscriptions', async () => {
    const name = `Do usunięcia ${uniqueSuffix()}`;
    const category = await buildCategory({ name });
    const other = await buildCategory();
    await buildPost({ categories: [category], published: true });
    await buildPost({ categories: [category], published: true });
    await buildPost({ categories: [category, other], published: true });
    await buildSubscription({ category });
    const { page, errors } = await signedInAdmin();
    await page.goto(`${base}/admin/categories`);
    await page.getByRole('button', { name: `Usuń kategorię ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Usuń kategorię' });
    await confirm.getByText('2 posty stracą jedyną kategorię.').waitFor();
    await confirm.getByText('2 posty znikną z bloga.').waitFor();
    await confirm.getByText('Subskrypcje usunięte razem z kategorią: 1.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Usuń', exact: true }).click();
    await page.getByText('Kategoria usunięta').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a publisher is told why another author’s category is not theirs to delete, and cannot confirm', async () => {
    const name = `Cudza kategoria ${uniqueSuffix()}`;
    const category = await buildCategory({ name });
    await buildPost({ categories: [category], published: true });
    const { page, errors } = await signedInAdmin('publisher');
    await page.goto(`${base}/admin/categories`);
    await page.getByRole('button', { name: `Usuń kategorię ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Usuń kategorię' });
    await confirm.getByText(CATEGORY_ADMIN_ONLY.delete).waitFor();
    expect(await confirm.getByRole('button', { name: 'Usuń', exact: true }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Anuluj' }).click();
    // Hiding it is refused too, and the toast says why.
    await page.getByText(name, { exact: true }).waitFor();
    await page.getByRole('row', { name }).locator('label').click();
    await page.getByText(CATEGORY_ADMIN_ONLY.hide, { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a first sign-in with a temporary password says „Witaj” with the display name and asks for a new password', async () => {
    const user = await buildUser({
      username: `e2e-tymczasowe-${uniqueSuffix()}`,
      displayName: 'Ala Nowak',
      role: 'publisher',
      password: E2E_PASSWORD,
      passwordTemporary: true,
    });
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${base}/auth`);
    const form = page.getByRole('form', { name: 'Logowanie' });
    await form.getByLabel('Login').fill(user.username);
    await form.getByLabel('Hasło', { exact: true }).fill(E2E_PASSWORD);
    await form.getByRole('button', { name: 'Zaloguj się' }).click();
    await page
      .getByText('Witaj, Ala Nowak! Zalogowano hasłem tymczasowym — ustaw teraz własne hasło.')
      .waitFor();
    expect(await page.getByText('Witaj ponownie', { exact: false }).count()).toBe(0);
    const dialog = page.getByRole('dialog', { name: 'Zmień hasło' });
    await dialog.getByText('Logujesz się hasłem tymczasowym.', { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByLabel('Obecne hasło').fill(E2E_PASSWORD);
    await dialog.getByLabel('Nowe hasło', { exact: true }).fill('Nowe-Haslo!2025');
    await dialog.getByLabel('Powtórz nowe hasło').fill('Nowe-Haslo!2025');
    await dialog.getByRole('button', { name: 'Zmień hasło' }).click();
    await page.getByText('Twoje hasło zostało pomyślnie zmienione.').waitFor();
    await user.reload();
    expect(user.passwordTemporary).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the subscribe box heading follows the category chosen in its form', async () => {
    const first = await buildCategory({ name: `Aaa pierwsza ${uniqueSuffix()}` });
    const second = await buildCategory({ name: `Zzz druga ${uniqueSuffix()}` });
    const post = await buildPost({ categories: [first, second], published: true });
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${base}/post/${post.slug}`);
    const box = page.getByRole('region', { name: /^Subskrybuj kategorię/ });
    await box.scrollIntoViewIfNeeded();
    await box.getByRole('heading', { name: `Subskrybuj kategorię ${first.name}` }).waitFor();
    await box.getByLabel('Kategoria').selectOption(String(second.id));
    await box.getByRole('heading', { name: `Subskrybuj kategorię ${second.name}` }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
