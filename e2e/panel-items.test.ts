import {
  buildCategory,
  buildPost,
  buildSubscription,
  buildUser,
  type TestApi,
  uniqueSuffix,
} from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';

/** Issue 22's panel items in Chromium against the built product. */
const PASSWORD = 'Haslo!2024';

describe('panel items (issue 22)', () => {
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
    await browser.context.clearCookies();
  });

  const signedInAdmin = async (): Promise<{ page: Page; errors: string[] }> => {
    const admin = await buildUser({
      username: `e2e-panel-${uniqueSuffix()}`,
      role: 'admin',
      password: PASSWORD,
    });
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${base}/auth`);
    const form = page.getByRole('form', { name: 'Logowanie' });
    await form.getByLabel('Login').fill(admin.username);
    await form.getByLabel('Hasło', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Zaloguj się' }).click();
    await page.getByRole('heading', { name: 'Pulpit', level: 1 }).waitFor();
    return { page, errors };
  };

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
});
