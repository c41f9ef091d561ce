import { ContactMessage } from '@blog/api/models';
import { buildContactMessage, buildUser, type TestApi, uniqueSuffix } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { E2E_PASSWORD, signInThroughForm } from './support/sign-in.ts';

/** The dashboard's contact messages: an admin reads them and deletes one (the panel once had no way to). */

describe('contact messages on the dashboard', () => {
  let product: TestApi;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct({ privateDatabase: 'contact_messages' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('an admin deletes one message; the list and the count follow', async () => {
    const base = `http://127.0.0.1:${product.port}`;
    const admin = await buildUser({
      username: `e2e-admin-${uniqueSuffix()}`,
      role: 'admin',
      password: E2E_PASSWORD,
    });
    const kept = await buildContactMessage({ name: 'Zostaje Nadawca' });
    const unwanted = await buildContactMessage({ name: 'Spamer Niechciany' });
    const page = await browser.context.newPage();
    await signInThroughForm(page, base, admin.username);

    const total = await ContactMessage.count();
    await page
      .getByRole('button', { name: /wiadomości/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Wiadomości kontaktowe' });
    await dialog.getByText('Spamer Niechciany').waitFor();
    await dialog.getByRole('button', { name: 'Usuń wiadomość od: Spamer Niechciany' }).click();
    await expect.poll(() => dialog.getByText('Spamer Niechciany').count()).toBe(0);
    expect(await dialog.getByText('Zostaje Nadawca').count()).toBe(1);
    expect(await ContactMessage.findByPk(unwanted.id)).toBeNull();
    expect(await ContactMessage.findByPk(kept.id)).not.toBeNull();
    expect(await ContactMessage.count()).toBe(total - 1);
  });
});
