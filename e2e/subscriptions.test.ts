import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { UserSubscription } from '@blog/api/models';
import { buildCategory, buildPost, buildUser, type TestApi, uniqueSuffix } from '@blog/api/testing';
import { type SmtpSink, startSmtpSink } from '@blog/worker/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { E2E_PASSWORD, signInThroughForm } from './support/sign-in.ts';

/**
 * Subscriptions and e-mail settings in Chromium against the built product, on a database of
 * their own: the journeys change the daily limit and the SMTP settings, which are global.
 */

describe('subscriptions', () => {
  let product: TestApi;
  let browser: Browser;
  let base: string;
  let post: { slug: string; title: string };
  let categoryName: string;

  beforeAll(async () => {
    product = await startProduct({ privateDatabase: 'blog_e2e_subscriptions' });
    browser = await launchBrowser();
    base = `http://127.0.0.1:${product.port}`;
    const category = await buildCategory({ name: `Subskrypcje ${uniqueSuffix()}` });
    categoryName = category.name;
    const built = await buildPost({ categories: [category], published: true });
    post = { slug: built.slug, title: built.title };
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });
  beforeEach(async () => {
    await browser.fresh();
  });

  const openPage = async (path: string): Promise<{ page: Page; errors: string[] }> => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${base}${path}`);
    return { page, errors };
  };

  const subscribeBox = (page: Page): Locator => page.getByRole('region', { name: /^Subskrybuj kategorię/ });

  const signInAsAdmin = async (page: Page) => {
    const admin = await buildUser({
      username: `e2e-subs-admin-${uniqueSuffix()}`,
      role: 'admin',
      password: E2E_PASSWORD,
    });
    await signInThroughForm(page, base, admin.username);
  };

  const openSettingsTab = async (page: Page, tab: 'Subskrypcje' | 'Powiadomienia') => {
    await page.goto(`${base}/admin/settings`);
    await page.getByRole('tab', { name: tab }).click();
  };

  /** Waits for a toast with this title (and description, when given). */
  const toast = async (page: Page, title: string, description?: string | RegExp) => {
    await page.getByText(title, { exact: true }).first().waitFor();
    if (description) await page.getByText(description).first().waitFor();
  };

  it('the post page has the subscribe box; an empty form explains every field without a call; no serious a11y violations', async () => {
    const { page, errors } = await openPage(`/post/${post.slug}`);
    const box = subscribeBox(page);
    // The form is drawn when its place nears the screen.
    await box.scrollIntoViewIfNeeded();
    expect(await box.getByRole('heading', { name: `Subskrybuj kategorię ${categoryName}` }).count()).toBe(1);

    const subscribeCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/subscribe') subscribeCalls.push(request.method());
    });
    await box.getByRole('button', { name: 'Subskrybuj' }).click();
    await box.getByText('Wprowadź poprawny adres email').waitFor();
    await box.getByText('Musisz wyrazić zgodę na otrzymywanie wiadomości email').waitFor();
    expect(subscribeCalls).toEqual([]);

    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/unsubscribe without a complete link says the parameters are invalid and links to /posts', async () => {
    const { page, errors } = await openPage('/unsubscribe?email=ola%40example.com');
    await page.getByText('Nieprawidłowe parametry w linku anulowania subskrypcji.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Przejdź do artykułów' }).click();
    await page.getByRole('heading', { name: 'Wszystkie artykuły' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/unsubscribe with a forged token changes nothing and shows the error', async () => {
    const email = `e2e-forged-${uniqueSuffix()}@example.com`;
    const category = await buildCategory();
    await UserSubscription.create({ email, categoryId: category.id });
    const { page } = await openPage(
      `/unsubscribe?email=${encodeURIComponent(email)}&category=${category.id}&token=podrobiony`,
    );
    await page.getByRole('heading', { name: 'Nie udało się anulować subskrypcji' }).waitFor();
    await page.getByText('Nieprawidłowe parametry w linku anulowania subskrypcji.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const subscription = await UserSubscription.findOne({ where: { email, categoryId: category.id } });
    expect(subscription?.active).toBe(true);
    await page.close();
  });

  it('subscribe → success view; cap reached → blocked view; admin resets the counter → form back; admin deletes the subscription', async () => {
    const { page, errors } = await openPage('/');
    await signInAsAdmin(page);

    // Admin: counter to 0 and a limit of 1, so one subscription closes the day.
    await openSettingsTab(page, 'Subskrypcje');
    await page.getByRole('button', { name: 'Resetuj licznik' }).click();
    await toast(page, 'Licznik zresetowany');
    const limit = page.getByLabel('Limit subskrypcji dziennie');
    await limit.fill('0');
    await page.getByRole('button', { name: 'Zapisz limit' }).click();
    await toast(page, 'Nieprawidłowa wartość', 'Limit musi być liczbą większą od 0');
    await limit.fill('1');
    await page.getByRole('button', { name: 'Zapisz limit' }).click();
    await toast(page, 'Limit zaktualizowany');
    await page.getByText('0 z 1').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Visitor: subscribe → success → „Nowa subskrypcja” → the day is full.
    const email = `e2e-czytelnik-${uniqueSuffix()}@example.com`;
    await page.goto(`${base}/post/${post.slug}`);
    const box = subscribeBox(page);
    await box.scrollIntoViewIfNeeded();
    await box.getByLabel('Adres e-mail').fill(email);
    await box.getByText(/Wyrażam zgodę/).click();
    await box.getByRole('button', { name: 'Subskrybuj' }).click();
    await box.getByRole('heading', { name: 'Subskrypcja aktywowana!' }).waitFor();
    await box.getByRole('button', { name: 'Nowa subskrypcja' }).click();
    await box.getByRole('heading', { name: 'Dzienny limit subskrypcji został osiągnięty' }).waitFor();
    await box.getByText('Spróbuj ponownie jutro lub skontaktuj się z administratorem.').waitFor();
    await box.getByText('Wykorzystano 1 z 1 subskrypcji').waitFor();
    await box.getByText('100%').waitFor();
    expect(await box.getByRole('button', { name: 'Subskrybuj' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Admin: the tab says the form is hidden; a reset brings it back for visitors.
    await openSettingsTab(page, 'Subskrypcje');
    await page.getByText('1 z 1').first().waitFor();
    await page.getByText('Pozostało dzisiaj: 0').waitFor();
    await page.getByText('Dzienny limit subskrypcji został osiągnięty').waitFor();
    await page.getByRole('button', { name: 'Resetuj licznik' }).click();
    await toast(page, 'Licznik zresetowany');
    await page.goto(`${base}/post/${post.slug}`);
    await subscribeBox(page).scrollIntoViewIfNeeded();
    await subscribeBox(page).getByRole('button', { name: 'Subskrybuj' }).waitFor();

    // Admin: the subscription is listed; search, then delete after the browser's confirm.
    await page.goto(`${base}/admin/subscriptions`);
    await page.getByRole('heading', { name: 'Subskrypcje', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.getByText(categoryName).count()).toBe(1);
    expect(await row.getByText('Aktywna').count()).toBe(1);
    expect(await row.getByText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const search = page.getByRole('searchbox', { name: 'Szukaj subskrypcji' });
    await search.fill(categoryName.toUpperCase());
    await page.getByText(/^Wyświetlono 1 z \d+ subskrypcji$/).waitFor();
    await search.fill('nikogo-takiego-nie-ma');
    await page.getByText('Nie znaleziono pasujących subskrypcji').waitFor();
    await search.fill(email);
    page.once('dialog', (dialog) => {
      expect(dialog.type()).toBe('confirm');
      expect(dialog.message()).toBe('Czy na pewno chcesz usunąć tę subskrypcję?');
      void dialog.accept();
    });
    await row.getByRole('button', { name: /^Usuń subskrypcję/ }).click();
    await toast(page, 'Subskrypcja usunięta');
    await page.getByText('Nie znaleziono pasujących subskrypcji').waitFor();
    expect(await UserSubscription.count({ where: { email } })).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  describe('SMTP settings', () => {
    let sink: SmtpSink;
    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterAll(async () => {
      await sink?.stop();
    });

    /** A port nothing listens on: bound for a moment, then released. */
    const closedPort = async (): Promise<number> => {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    };

    it('test connection succeeds against a real SMTP server, fails against a closed port; save; send a test message', async () => {
      const { page, errors } = await openPage('/');
      await signInAsAdmin(page);
      await openSettingsTab(page, 'Powiadomienia');
      const form = page.getByRole('form', { name: 'Ustawienia serwera SMTP' });
      await form.waitFor();
      await page
        .getByText('Hasło SMTP jest przechowywane w postaci zaszyfrowanej', { exact: false })
        .waitFor();
      await form.getByText('Najczęściej 25, 465 (SSL) lub 587 (TLS)').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      const testButton = form.getByRole('button', { name: 'Testuj połączenie' });
      const sendButton = form.getByRole('button', { name: 'Wyślij wiadomość testową' });
      await form.getByLabel('Serwer SMTP').fill('');
      expect(await testButton.isDisabled()).toBe(true);
      expect(await sendButton.isDisabled()).toBe(true);

      const sender = `blog-${uniqueSuffix()}@example.com`;
      await form.getByLabel('Serwer SMTP').fill(sink.host);
      await form.getByLabel('Port').fill(String(sink.port));
      await form.getByLabel('Użytkownik').fill('poczta');
      await form.getByLabel('Hasło', { exact: true }).fill('sekret');
      await form.getByLabel('Adres e-mail nadawcy').fill(sender);
      await testButton.click();
      await toast(page, 'Test połączenia udany');

      await form.getByLabel('Port').fill(String(await closedPort()));
      await testButton.click();
      await toast(page, 'Błąd połączenia', /^Nie udało się połączyć z serwerem/);

      // Saved with the sink's port; the password field empties and says one is stored.
      await form.getByLabel('Port').fill(String(sink.port));
      await form.getByRole('button', { name: 'Zapisz ustawienia' }).click();
      await toast(page, 'Ustawienia email zapisane');
      await form.getByText('Hasło jest zapisane. Zostaw puste pole, aby go nie zmieniać.').waitFor();
      expect(await form.getByLabel('Hasło', { exact: true }).inputValue()).toBe('');
      expect(await testButton.isDisabled()).toBe(false);

      await sendButton.click();
      await toast(page, 'Wiadomość wysłana');
      const [message] = await sink.waitFor(sender, 1);
      expect(message?.parsed.subject).toBe('Wiadomość testowa z bloga');

      // The notifications switch is persisted: off, saved, and still off after a reload.
      await page.getByText('Wysyłaj powiadomienia e-mail').click();
      await page.getByRole('button', { name: 'Zapisz ustawienia powiadomień' }).click();
      await toast(page, 'Ustawienia zapisane', 'Powiadomienia e-mail są wyłączone.');
      await openSettingsTab(page, 'Powiadomienia');
      await expect.poll(() => page.getByLabel('Wysyłaj powiadomienia e-mail').isChecked()).toBe(false);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('a relay without authentication: both buttons test the values on the screen, sender blog@localhost', async () => {
      const relay = await startSmtpSink();
      try {
        const { page, errors } = await openPage('/');
        await signInAsAdmin(page);
        await openSettingsTab(page, 'Powiadomienia');
        const form = page.getByRole('form', { name: 'Ustawienia serwera SMTP' });
        await form.waitFor();
        const testButton = form.getByRole('button', { name: 'Testuj połączenie' });
        const sendButton = form.getByRole('button', { name: 'Wyślij wiadomość testową' });
        // Nothing saved changes: the screen names the relay, no user, no password.
        await form.getByLabel('Serwer SMTP').fill(relay.host);
        await form.getByLabel('Port').fill(String(relay.port));
        await form.getByLabel('Użytkownik').fill('');
        await form.getByLabel('Hasło', { exact: true }).fill('');
        await form.getByLabel('Adres e-mail nadawcy').fill('blog@localhost');
        expect(await testButton.isDisabled()).toBe(false);
        await page
          .getByText('Oba testy używają pól powyżej (także niezapisanych)', { exact: false })
          .waitFor();
        await testButton.click();
        await toast(page, 'Test połączenia udany');
        await sendButton.click();
        await toast(page, 'Wiadomość wysłana');
        const [message] = await relay.waitFor('blog@localhost', 1);
        expect(message?.authenticatedAs).toBeNull();
        expect(sink.to('blog@localhost')).toEqual([]);
        expect(await seriousA11yViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await page.close();
      } finally {
        await relay.stop();
      }
    });
  });
});
