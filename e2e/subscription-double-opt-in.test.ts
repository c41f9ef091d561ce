import { SiteSetting, UserSubscription } from '@blog/api/models';
import { SETTING_KEYS } from '@blog/api/settings';
import { buildCategory, buildPost, type TestApi, uniqueSuffix } from '@blog/api/testing';
import { type SmtpSink, startSmtpSink, startTestWorker, type TestWorker } from '@blog/worker/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewAdmin } from './support/admin-editor.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';

/**
 * Double opt-in in Chromium: the admin switches it on in Settings → Subskrypcje, a reader
 * subscribes and is told to check the inbox, the e-mailed link (sent by the real worker to a real SMTP
 * server) activates the subscription. A database of its own: the switch is global.
 */
describe('subscription double opt-in', () => {
  let product: TestApi;
  let browser: Browser;
  let worker: TestWorker;
  let mail: SmtpSink;
  let base: string;
  let post: { slug: string };
  let categoryName: string;

  beforeAll(async () => {
    product = await startProduct({ privateDatabase: 'blog_e2e_double_opt_in' });
    browser = await launchBrowser();
    base = `http://127.0.0.1:${product.port}`;
    mail = await startSmtpSink();
    worker = await startTestWorker(product);
    await SiteSetting.bulkCreate([
      { key: SETTING_KEYS.smtpHost, value: mail.host, encrypted: false },
      { key: SETTING_KEYS.smtpPort, value: String(mail.port), encrypted: false },
      { key: SETTING_KEYS.smtpSecure, value: 'false', encrypted: false },
      { key: SETTING_KEYS.senderEmail, value: 'blog-e2e@example.com', encrypted: false },
    ]);
    const category = await buildCategory({ name: `Potwierdzenia ${uniqueSuffix()}` });
    categoryName = category.name;
    post = await buildPost({ categories: [category], published: true });
  });
  afterAll(async () => {
    await worker?.close();
    await mail?.stop();
    await browser?.close();
    await product?.close();
  });

  const toast = (page: Page, title: string) => page.getByText(title, { exact: true }).first().waitFor();

  it('admin switches it on; the reader is asked to confirm; the e-mailed link activates the subscription', async () => {
    const page = await signInAsNewAdmin(browser, base);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    const openTab = async () => {
      await page.goto(`${base}/admin/settings`);
      await page.getByRole('tab', { name: 'Subskrypcje' }).click();
      await page.getByRole('heading', { name: 'Potwierdzanie subskrypcji' }).waitFor();
    };
    await openTab();
    const toggle = page.getByLabel('Wymagaj potwierdzenia adresu e-mail');
    expect(await toggle.isChecked()).toBe(false);
    await page.getByText('Wymagaj potwierdzenia adresu e-mail').click();
    await page.getByRole('button', { name: 'Zapisz ustawienie potwierdzania' }).click();
    await toast(page, 'Ustawienia zapisane');
    await page.getByText('Nowe subskrypcje będą wymagały potwierdzenia adresu e-mail.').first().waitFor();
    await openTab();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The reader: „Potwierdź subskrypcję”, nothing active yet.
    const email = `e2e-doi-${uniqueSuffix()}@example.com`;
    await page.goto(`${base}/post/${post.slug}`);
    const box = page.getByRole('region', { name: /^Subskrybuj kategorię/ });
    await box.scrollIntoViewIfNeeded();
    await box.getByLabel('Adres e-mail').fill(email);
    await box.getByText(/Wyrażam zgodę/).click();
    await box.getByRole('button', { name: 'Subskrybuj' }).click();
    await box.getByRole('heading', { name: 'Potwierdź subskrypcję' }).waitFor();
    await box.getByText(/Wysłaliśmy na podany adres e-mail link potwierdzający/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect((await UserSubscription.findOne({ where: { email } }))?.active).toBe(false);

    // The link of the e-mail, opened on this server (the e-mail names PUBLIC_URL).
    const [message] = await mail.waitFor(email);
    const link = /\/subscribe\/confirm\?token=[A-Za-z0-9_-]+/.exec(message!.parsed.text ?? '')?.[0];
    expect(link, message!.parsed.text).toBeTruthy();
    await page.goto(`${base}${link}`);
    await page.getByRole('heading', { name: 'Subskrypcja aktywowana!' }).waitFor();
    await page.getByText(new RegExp(`w kategorii ${categoryName} pojawi się`)).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect((await UserSubscription.findOne({ where: { email } }))?.active).toBe(true);

    // A forged link changes nothing and says why.
    await page.goto(`${base}/subscribe/confirm?token=podrobiony`);
    await page.getByRole('heading', { name: 'Nie udało się potwierdzić subskrypcji' }).waitFor();
    await page
      .getByText('Link potwierdzający subskrypcję jest nieprawidłowy lub wygasł. Zapisz się ponownie.')
      .waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
