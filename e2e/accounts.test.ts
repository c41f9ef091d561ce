import { SiteSetting } from '@blog/api/models';
import { SETTING_KEYS } from '@blog/api/settings';
import { buildUser, type TestApi, uniqueSuffix } from '@blog/api/testing';
import { type SmtpSink, startSmtpSink, startTestWorker, type TestWorker } from '@blog/worker/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';

/**
 * Accounts and access in Chromium against the built product.
 *
 * Accounts are made with the factories (with a known password) rather than through the seeded first admin:
 * that admin is created once per database, its password generated into another run's data folder.
 */
const PASSWORD = 'Haslo!2024';

describe('accounts and access', () => {
  let product: TestApi;
  let browser: Browser;
  let base: string;
  // The worker and a real SMTP server, so e-mailed passwords and reset links really arrive. E2E files run
  // one at a time, so pointing this database's SMTP settings at the sink disturbs nobody.
  let worker: TestWorker;
  let mail: SmtpSink;
  const smtpKeys = [
    SETTING_KEYS.smtpHost,
    SETTING_KEYS.smtpPort,
    SETTING_KEYS.smtpSecure,
    SETTING_KEYS.senderEmail,
  ];
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    base = `http://127.0.0.1:${product.port}`;
    mail = await startSmtpSink();
    worker = await startTestWorker(product);
    await SiteSetting.destroy({ where: { key: smtpKeys } });
    await SiteSetting.bulkCreate([
      { key: SETTING_KEYS.smtpHost, value: mail.host, encrypted: false },
      { key: SETTING_KEYS.smtpPort, value: String(mail.port), encrypted: false },
      { key: SETTING_KEYS.smtpSecure, value: 'false', encrypted: false },
      { key: SETTING_KEYS.senderEmail, value: 'blog-e2e@example.com', encrypted: false },
    ]);
  });
  afterAll(async () => {
    await SiteSetting.destroy({ where: { key: smtpKeys } });
    await worker?.close();
    await mail?.stop();
    await browser?.close();
    await product?.close();
  });

  /** The temporary password in the latest account e-mail to `address`. */
  const mailedPassword = async (address: string, count = 1) => {
    const messages = await mail.waitFor(address, count);
    const text = messages.at(-1)!.parsed.text ?? '';
    const match = /Hasło tymczasowe: (\S+)/.exec(text);
    expect(match, text).not.toBeNull();
    return match![1]!;
  };
  // Every journey starts signed out, in a context of its own.
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

  const makeUser = async (role: 'admin' | 'publisher' | 'subscriber', email: string | null = null) => {
    const suffix = uniqueSuffix();
    return buildUser({
      username: `e2e-${role}-${suffix}`,
      email: email ?? `e2e-${role}-${suffix}@example.com`,
      displayName: null,
      role,
      password: PASSWORD,
    });
  };

  const signIn = async (page: Page, username: string, password = PASSWORD) => {
    const form = page.getByRole('form', { name: 'Logowanie' });
    await form.getByLabel('Login').fill(username);
    await form.getByLabel('Hasło', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Zaloguj się' }).click();
  };

  const pathOf = (page: Page) => new URL(page.url()).pathname;

  it('/auth has the sign-in form and no serious accessibility violations', async () => {
    const { page, errors } = await openPage('/auth');
    await page.getByRole('heading', { name: 'Panel administracyjny', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Logowanie' });
    await form.waitFor();
    expect(await form.getByLabel('Login').count()).toBe(1);
    expect(await form.getByLabel('Hasło', { exact: true }).count()).toBe(1);
    expect(await form.getByRole('button', { name: 'Zaloguj się' }).count()).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The registration tab and the forgotten-password view are labelled too.
    await page.getByRole('tab', { name: 'Rejestracja' }).click();
    await page.getByRole('form', { name: 'Rejestracja' }).getByLabel('Powtórz hasło').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('checks the registration form in the browser before calling the server', async () => {
    const { page } = await openPage('/auth');
    await page.getByRole('tab', { name: 'Rejestracja' }).click();
    const form = page.getByRole('form', { name: 'Rejestracja' });
    await form.getByLabel('Nazwa użytkownika').fill('ab');
    await form.getByLabel('Hasło', { exact: true }).fill('haslo');
    await form.getByLabel('Powtórz hasło').fill('inne');
    // Leave the field first, as a person would: its message appearing on blur moves the button down.
    await form.getByLabel('Powtórz hasło').press('Tab');
    await form.getByText('Hasła muszą być identyczne').waitFor();
    await form.getByRole('button', { name: 'Zarejestruj się' }).click();
    await form.getByText('Nazwa użytkownika musi mieć co najmniej 3 znaki').waitFor();
    await form.getByText('Podaj prawidłowy adres email').waitFor();
    await form.getByText('Hasło musi mieć co najmniej 8 znaków').waitFor();
    await form.getByText('Hasła muszą być identyczne').waitFor();
    await page.close();
  });

  it('a reset link without a token says the link is invalid', async () => {
    const { page } = await openPage('/auth/reset');
    await page.getByText('Link do resetowania hasła jest nieprawidłowy lub wygasł.').waitFor();
    await page.getByRole('link', { name: 'Wróć do logowania' }).click();
    await page.getByRole('form', { name: 'Logowanie' }).waitFor();
    await page.close();
  });

  it('admin: sign in → shell → users: add, edit, reset (with and without e-mail), delete', async () => {
    const admin = await makeUser('admin');
    const withEmail = await makeUser('subscriber');
    const withoutEmail = await buildUser({
      username: `e2e-bez-maila-${uniqueSuffix()}`,
      email: null,
      password: PASSWORD,
    });
    const { page, errors } = await openPage('/auth');
    await signIn(page, admin.username);
    await page.getByText('Logowanie udane').waitFor();
    await page.getByText(`Witaj, ${admin.username}!`).waitFor();
    expect(pathOf(page)).toBe('/admin');

    const nav = page.getByRole('navigation', { name: 'Nawigacja panelu' });
    for (const label of [
      'Pulpit',
      'Wszystkie posty',
      'Nowy post',
      'Kategorie',
      'Komentarze',
      'Użytkownicy',
      'Subskrypcje',
      'Ustawienia',
      'Logi',
      'Wróć do bloga',
    ]) {
      expect(await nav.getByRole('link', { name: label }).count(), label).toBe(1);
    }
    await nav.getByRole('link', { name: 'Użytkownicy' }).click();
    await page.getByRole('heading', { name: 'Zarządzanie użytkownikami' }).waitFor();
    await page.getByRole('table', { name: 'Użytkownicy' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Search over username, e-mail and display name (20 a page, on the server); nothing found has its own text.
    const search = page.getByRole('searchbox', { name: 'Szukaj użytkowników' });
    await search.fill(withEmail.username);
    await page.getByRole('cell', { name: withEmail.username, exact: true }).waitFor();
    await search.fill(withoutEmail.username);
    await expect
      .poll(() => page.getByRole('cell', { name: withEmail.username, exact: true }).count())
      .toBe(0);
    expect(await page.getByRole('cell', { name: withoutEmail.username, exact: true }).count()).toBe(1);
    await search.fill('nikogo-takiego-nie-ma');
    await page.getByText('Nie znaleziono użytkowników').waitFor();
    await search.fill('');

    // Add: role defaults to subscriber; a returned temporary password is shown once.
    const newName = `e2e-nowy-${uniqueSuffix()}`;
    await page.getByRole('button', { name: 'Dodaj użytkownika' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Dodaj użytkownika' });
    await addDialog.getByText('Tymczasowe hasło zostanie wygenerowane automatycznie.').waitFor();
    expect(await addDialog.getByLabel('Rola').inputValue()).toBe('subscriber');
    await addDialog.getByLabel('Nazwa użytkownika').fill(newName);
    await addDialog.getByLabel('Adres e-mail').fill(`${newName}@example.com`);
    await addDialog.getByLabel('Nazwa wyświetlana').fill('Nowa Osoba');
    await addDialog.getByRole('button', { name: 'Dodaj użytkownika' }).click();
    await page.getByText('Użytkownik dodany').first().waitFor();
    const shown = page.getByRole('dialog', { name: 'Użytkownik dodany' });
    if (await shown.isVisible()) {
      await shown
        .getByText('Po zamknięciu tego okna nie będzie można go odzyskać.', { exact: false })
        .waitFor();
      await shown.getByRole('button', { name: 'Zamknij', exact: true }).click();
    }
    // The list is paged on the server: find the new account by its name.
    await search.fill(newName);
    const newRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: newName, exact: true }) });
    await newRow.getByText('Nowa Osoba').waitFor();
    expect(await newRow.getByText('Subskrybent').count()).toBe(1);
    // The temporary password goes by e-mail and opens the new account.
    const firstPassword = await mailedPassword(`${newName}@example.com`);
    expect(
      (await product.send('POST', '/api/login', { username: newName, password: firstPassword })).status,
    ).toBe(200);

    // Edit: the username cannot change; role and status can.
    await page.getByRole('button', { name: `Edytuj użytkownika ${newName}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edytuj użytkownika' });
    expect(await editDialog.getByLabel('Nazwa użytkownika').getAttribute('readonly')).not.toBeNull();
    await editDialog.getByLabel('Nazwa wyświetlana').fill('');
    await editDialog.getByLabel('Rola').selectOption('publisher');
    await editDialog.getByText('Konto aktywne').click();
    await editDialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.getByText('Użytkownik zaktualizowany').waitFor();
    await expect.poll(() => editDialog.count()).toBe(0);
    await newRow.getByText('Wydawca').waitFor();
    await newRow.getByText('Nieaktywny').waitFor();
    expect(await newRow.getByRole('cell', { name: '—', exact: true }).count()).toBe(1);

    // Reset with an e-mail: the dialog says where the password goes.
    await search.fill(withEmail.username);
    await page.getByRole('button', { name: `Resetuj hasło użytkownika ${withEmail.username}` }).click();
    let resetDialog = page.getByRole('alertdialog', { name: 'Resetuj hasło' });
    await resetDialog.getByText(`Nowe hasło zostanie wysłane na adres ${withEmail.email}.`).waitFor();
    await resetDialog.getByRole('button', { name: 'Resetuj hasło' }).click();
    await page.getByText('Hasło zresetowane').waitFor();
    if (await resetDialog.getByLabel('Tymczasowe hasło').isVisible()) {
      await resetDialog.getByRole('button', { name: 'Zamknij', exact: true }).click();
    }
    await expect.poll(() => resetDialog.count()).toBe(0);
    // The new password arrives by e-mail (never on screen) and opens the account.
    const mailed = await mailedPassword(withEmail.email!);
    expect(
      (await product.send('POST', '/api/login', { username: withEmail.username, password: mailed })).status,
    ).toBe(200);

    // Reset without an e-mail: the password is shown once, the dialog stays open, and the password works.
    await search.fill(withoutEmail.username);
    await page.getByRole('button', { name: `Resetuj hasło użytkownika ${withoutEmail.username}` }).click();
    resetDialog = page.getByRole('alertdialog', { name: 'Resetuj hasło' });
    await resetDialog.getByText('zostanie wyświetlone na ekranie', { exact: false }).waitFor();
    await resetDialog.getByRole('button', { name: 'Resetuj hasło' }).click();
    const temporary = resetDialog.getByLabel('Tymczasowe hasło');
    await temporary.waitFor();
    await resetDialog
      .getByText('Po zamknięciu tego okna nie będzie można go odzyskać.', { exact: false })
      .waitFor();
    const password = await temporary.inputValue();
    expect(password.length).toBeGreaterThanOrEqual(8);
    const login = await product.send('POST', '/api/login', { username: withoutEmail.username, password });
    expect(login.status).toBe(200);
    await resetDialog.getByRole('button', { name: 'Zamknij', exact: true }).click();
    await expect.poll(() => resetDialog.count()).toBe(0);

    // Delete: irreversible, and the user's posts go too.
    await search.fill(newName);
    await page.getByRole('button', { name: `Usuń użytkownika ${newName}` }).click();
    const deleteDialog = page.getByRole('alertdialog', { name: 'Usuń użytkownika' });
    await deleteDialog.getByText('Tej operacji nie można cofnąć', { exact: false }).waitFor();
    await deleteDialog.getByText('posty tego użytkownika', { exact: false }).waitFor();
    await deleteDialog.getByRole('button', { name: 'Usuń', exact: true }).click();
    await page.getByText('Użytkownik usunięty').waitFor();
    await expect.poll(() => page.getByRole('cell', { name: newName, exact: true }).count()).toBe(0);

    expect(errors).toEqual([]);
    await page.close();
  });

  it('forgot password → the e-mailed link → a new password that works', async () => {
    const reader = await makeUser('subscriber');
    const { page, errors } = await openPage('/auth');
    await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click();
    const request = page.getByRole('form', { name: 'Resetowanie hasła' });
    await request.getByLabel('Adres e-mail').fill(reader.email!);
    await request.getByRole('button', { name: /Wyślij/ }).click();
    await page.getByText('Sprawdź pocztę').waitFor();

    const [message] = await mail.waitFor(reader.email!);
    expect(message!.parsed.subject).toBe('Resetowanie hasła');
    const link = /(http\S+\/auth\/reset\?token=[\w-]+)/.exec(message!.parsed.text ?? '')![1]!;
    await page.goto(`${base}${new URL(link).pathname}${new URL(link).search}`);
    const reset = page.getByRole('form', { name: 'Nowe hasło' });
    await reset.getByLabel('Nowe hasło', { exact: true }).fill('Zupełnie-Nowe1');
    await reset.getByLabel('Powtórz nowe hasło').fill('Zupełnie-Nowe1');
    await reset.getByRole('button', { name: /Ustaw|Zapisz|Zmień/ }).click();
    await page.waitForURL((url) => url.pathname === '/auth');

    await signIn(page, reader.username, 'Zupełnie-Nowe1');
    await page.waitForURL((url) => url.pathname === '/');
    // The link works once.
    const again = await product.send('POST', '/api/password-reset/confirm', {
      token: new URL(link).searchParams.get('token'),
      password: 'Jeszcze-Inne2',
    });
    expect(again.status).toBe(400);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a publisher gets the panel without the admin-only sections', async () => {
    const publisher = await makeUser('publisher');
    const { page } = await openPage('/auth');
    await signIn(page, publisher.username);
    await page.getByText(`Witaj, ${publisher.username}!`).waitFor();
    const nav = page.getByRole('navigation', { name: 'Nawigacja panelu' });
    expect(await nav.getByRole('link', { name: 'Komentarze' }).count()).toBe(1);
    for (const hidden of ['Użytkownicy', 'Subskrypcje', 'Ustawienia', 'Logi']) {
      expect(await nav.getByRole('link', { name: hidden }).count(), hidden).toBe(0);
    }
    await page.goto(`${base}/admin/users`);
    await page.getByRole('heading', { name: 'Brak dostępu' }).waitFor();
    await page.close();
  });

  it("a subscriber lands on / and sees 'Brak dostępu' on /admin", async () => {
    const subscriber = await makeUser('subscriber');
    const { page } = await openPage('/auth');
    await signIn(page, subscriber.username);
    await page.getByText('Logowanie udane').waitFor();
    await expect.poll(() => pathOf(page)).toBe('/');
    await page.getByRole('button', { name: 'Wyloguj' }).first().waitFor();

    await page.goto(`${base}/admin`);
    await page.getByRole('heading', { name: 'Brak dostępu' }).waitFor();
    await page
      .getByText('Tylko redaktorzy i administratorzy mają dostęp do panelu administracyjnego.')
      .waitFor();
    await page.getByRole('link', { name: 'Wróć do strony głównej' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await page.close();
  });

  it('register → signed in on / → logout', async () => {
    const username = `e2e-czytelnik-${uniqueSuffix()}`;
    const { page } = await openPage('/auth');
    await page.getByRole('tab', { name: 'Rejestracja' }).click();
    const form = page.getByRole('form', { name: 'Rejestracja' });
    await form.getByLabel('Nazwa użytkownika').fill(username);
    await form.getByLabel('Adres e-mail').fill(`${username}@example.com`);
    await form.getByLabel('Hasło', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Powtórz hasło').fill(PASSWORD);
    await form.getByRole('button', { name: 'Zarejestruj się' }).click();
    await page.getByText('Rejestracja udana').waitFor();
    await page.getByText(username, { exact: false }).first().waitFor();
    await expect.poll(() => pathOf(page)).toBe('/');

    await page.getByRole('button', { name: 'Wyloguj' }).first().click();
    await page.getByText('Zostałeś pomyślnie wylogowany').waitFor();
    expect(pathOf(page)).toBe('/');
    await expect.poll(() => page.getByRole('button', { name: 'Wyloguj' }).count()).toBe(0);
    await page.close();
  });

  it('a signed-out visit to /admin/users goes through /auth and back', async () => {
    const admin = await makeUser('admin');
    const { page } = await openPage('/admin/users');
    await page.getByRole('form', { name: 'Logowanie' }).waitFor();
    expect(pathOf(page)).toBe('/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/users');
    await signIn(page, admin.username);
    await page.getByRole('heading', { name: 'Zarządzanie użytkownikami' }).waitFor();
    expect(pathOf(page)).toBe('/admin/users');

    // Signed in, /auth itself sends the visitor on.
    await page.goto(`${base}/auth`);
    await expect.poll(() => pathOf(page)).toBe('/admin');
    await page.close();
  });

  it('a wrong password says so, in Polish', async () => {
    const admin = await makeUser('admin');
    const { page } = await openPage('/auth');
    await signIn(page, admin.username, 'Zle!haslo1');
    await page.getByText('Logowanie nieudane').waitFor();
    await page.getByText('Nieprawidłowa nazwa użytkownika lub hasło').waitFor();
    expect(pathOf(page)).toBe('/auth');
    await page.close();
  });
});
