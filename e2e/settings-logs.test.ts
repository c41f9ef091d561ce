import { SiteSetting } from '@blog/api/models';
import { appendImageLog } from '@blog/api/logs';
import { buildCategory, buildPost, buildUser, type TestApi, uniqueSuffix } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { E2E_PASSWORD, signInThroughForm } from './support/sign-in.ts';

/** Settings → General and the Logs screen in Chromium against the built product. */
const SETTING_KEYS_CHANGED = ['titleLink', 'blogDescription', 'commentsEnabled'];

describe('settings and logs', () => {
  let product: TestApi;
  let browser: Browser;
  let base: string;
  let page: Page;
  /** How the log lines name the admin (who did what). */
  let adminWho: string;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    base = `http://127.0.0.1:${product.port}`;
    const admin = await buildUser({
      username: `e2e-admin-${uniqueSuffix()}`,
      role: 'admin',
      password: E2E_PASSWORD,
    });
    adminWho = `użytkownik: ${admin.displayName} <${admin.email}>, IP: `;
    page = await browser.context.newPage();
    await signInThroughForm(page, base, admin.username);
  });
  afterAll(async () => {
    // The e2e files share one database: put the public settings back as they were.
    await SiteSetting.destroy({ where: { key: SETTING_KEYS_CHANGED } });
    await browser?.close();
    await product?.close();
  });

  it('General tab: a new description and title link show on the public home', async () => {
    await page.goto(`${base}/admin/settings`);
    await page.getByRole('heading', { name: 'Ustawienia', level: 1 }).waitFor();
    // A spinner until the settings are read, then the tabs.
    await page.getByRole('tab', { name: 'Ogólne' }).waitFor();
    for (const tab of ['Ogólne', 'Subskrypcje', 'Powiadomienia']) {
      expect(await page.getByRole('tab', { name: tab }).count()).toBe(1);
    }
    const description = `Opis z testu ${uniqueSuffix()}`;
    await page.getByLabel('Link w tytule bloga').fill('not a link');
    await page.getByLabel('Opis bloga').fill(description);
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
    await page.getByText('Podaj adres zaczynający się od http://, https:// lub /').waitFor();

    await page.getByLabel('Link w tytule bloga').fill('https://example.com/z-testu');
    // The About page is written in the rich-text editor: a bold sentence reaches /about as <strong>.
    const about = page.getByRole('textbox', { name: 'Treść strony O Blogu' });
    await about.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page
      .getByRole('toolbar', { name: 'Formatowanie tekstu' })
      .getByRole('button', { name: 'Pogrubienie' })
      .click();
    await page.keyboard.type('O nas, pogrubione.');
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
    await page.getByText('Ustawienia zapisane').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${base}/`);
    // Hero and footer both show the description.
    await page.getByRole('region', { name: 'Uwaga, Chaos' }).getByText(description).waitFor();
    expect(await page.getByText(description).count()).toBe(2);
    const links = page.getByRole('link', { name: 'Nie klikaj tu!' });
    expect(await links.first().getAttribute('href')).toBe('https://example.com/z-testu');
    await page.goto(`${base}/about`);
    await page.locator('strong', { hasText: 'O nas, pogrubione.' }).waitFor();
  });

  it('switching comments off hides the form on a post and the API refuses comments', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    await page.goto(`${base}/admin/settings`);
    await page.getByText('Komentarze włączone').click();
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
    await page.getByText('Ustawienia zapisane').waitFor();

    await page.goto(`${base}/post/${post.slug}`);
    await page.getByText('Komentowanie jest obecnie wyłączone.').waitFor();
    expect(await page.getByRole('form', { name: 'Dodaj komentarz' }).count()).toBe(0);
    const status = await page.evaluate(async (postId) => {
      const token = (await (await fetch('/api/csrf-token')).json()) as { csrfToken: string };
      const res = await fetch(`/api/posts/${postId}/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token.csrfToken },
        body: JSON.stringify({ author: 'Ola', email: 'ola@example.com', content: 'Komentarz testowy' }),
      });
      return res.status;
    }, post.id);
    expect(status).toBe(403);
  });

  it('Logs screen: generated entries coloured by level, filter, tabs, clearing one log', async () => {
    const generated = await page.evaluate(async () => {
      const token = (await (await fetch('/api/csrf-token')).json()) as { csrfToken: string };
      return (
        await fetch('/api/admin/logs/generate-test', {
          method: 'POST',
          headers: { 'x-csrf-token': token.csrfToken },
        })
      ).status;
    });
    expect(generated).toBe(200);
    await appendImageLog(product.runtime, {
      originalFilename: 'kot-na-płocie.png',
      databasePath: '/uploads/e2e-kot.png',
      postTitle: 'Koty w biznesie',
    });

    await page.goto(`${base}/admin/logs`);
    await page.getByRole('heading', { name: 'Logi systemowe', level: 1 }).waitFor();
    expect(await page.getByLabel('Liczba linii').inputValue()).toBe('100');
    const lines = page.getByRole('list', { name: 'Wpisy logu' }).getByRole('listitem');
    await page.getByText('Wpis testowy: błąd').first().waitFor();
    const colourOf = (text: string) =>
      page
        .getByText(text)
        .first()
        .evaluate((element) => getComputedStyle(element).color);
    const colours = new Set([
      await colourOf('Wpis testowy: błąd'),
      await colourOf('Wpis testowy: ostrzeżenie'),
      await colourOf('Wpis testowy: informacja'),
      await colourOf('Wpis testowy: diagnostyka'),
    ]);
    expect(colours.size).toBe(4);
    expect(await page.locator('[data-level="ERROR"]').count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Filtruj wpisy').fill('ostrzeżenie');
    await expect.poll(() => lines.count()).toBe(1);
    await page.getByText(/Wyświetlono 1 z \d+ wpisów/).waitFor();
    await page.getByLabel('Filtruj wpisy').fill('');

    await page.getByRole('tab', { name: 'Obrazy' }).click();
    const preview = page.getByRole('link', { name: 'Podgląd' }).first();
    await preview.waitFor();
    expect(await preview.getAttribute('href')).toBe('/api/images/e2e-kot.png');
    await page.getByRole('cell', { name: 'Koty w biznesie' }).waitFor();

    await page.getByRole('tab', { name: 'System' }).click();
    await page.getByText('Wpis testowy: błąd').first().waitFor();
    await page.getByRole('button', { name: 'Wyczyść' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Wyczyść' }).click();
    await page.getByText('Logi wyczyszczone').waitFor();
    await page.getByText('Brak wpisów do wyświetlenia').waitFor();

    await page.getByRole('tab', { name: 'Aplikacja' }).click();
    await page.getByText('Wpis testowy: błąd').first().waitFor();
    // Who did what, and from where: the sign-in and the settings change name the admin.
    await page.getByText(`Zalogowano [${adminWho}`, { exact: false }).first().waitFor();
    await page.getByText(`Zmieniono ustawienia strony [${adminWho}`, { exact: false }).first().waitFor();
  });
});
