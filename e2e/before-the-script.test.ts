import { CONTACT_MESSAGES } from '@blog/shared/rules';
import { categoryPath } from '@blog/shared/addresses';
import { buildUser, type TestApi, uniqueSuffix } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './support/browser.ts';
import { isEntry, openWithScriptsHeld } from './support/held-scripts.ts';
import { startProduct } from './support/product.ts';
import { archivesOf, hydrated, newestDemoPost, visiblePostsNewestFirst } from './support/public-pages.ts';

const PHONE = { width: 390, height: 844 };
const PASSWORD = 'Haslo!2024';

/**
 * What a reader does before the page's script has arrived counts (docs/before-the-script.md): every control
 * the server draws either works as plain HTML or keeps what the reader did, and the app acts on it when it
 * takes over. Each journey holds the app's scripts back, types or clicks, then lets them load.
 */
describe('before the script: what a reader does on the server-drawn page counts', () => {
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

  /** A word of the newest post's title: a search that finds something. */
  const searchWord = async () => {
    const [newest] = await visiblePostsNewestFirst(1);
    return newest!.title
      .split(/\s+/)
      .find((part) => part.length > 5)!
      .toLowerCase();
  };
  const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Szukaj artykułów' });

  it('a search typed before the script is searched once the app takes over', async () => {
    const word = await searchWord();
    const { page, problems, release } = await openWithScriptsHeld(browser.context, `${base}/posts`);
    await searchBox(page).fill(word);
    release();
    await hydrated(page);
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    await page.getByText(/^Wyniki wyszukiwania: \d+$/).waitFor();
    expect(await searchBox(page).inputValue()).toBe(word);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Enter in the search box before any script asks the server for the results', async () => {
    const word = await searchWord();
    const { page, problems, release } = await openWithScriptsHeld(browser.context, `${base}/posts?page=2`);
    await searchBox(page).fill(word);
    await searchBox(page).press('Enter');
    // A plain GET form: the server answers the search (a new search starts at its first page).
    await page.waitForURL((url) => url.searchParams.get('q') === word && !url.searchParams.has('page'), {
      waitUntil: 'commit',
    });
    await page.getByText(/^Wyniki wyszukiwania: \d+$/).waitFor();
    release();
    await hydrated(page);
    expect(await searchBox(page).inputValue()).toBe(word);
    expect(problems).toEqual([]);
    await page.close();
  });

  /** Clicks on the server-drawn page that lead elsewhere: plain links, followed by the browser itself. */
  const clicks: {
    name: string;
    path: () => Promise<string>;
    viewport?: { width: number; height: number };
    click: (page: Page) => Promise<void>;
    arrived: (page: Page) => Promise<unknown>;
  }[] = [
    {
      name: 'a page of the list (pagination)',
      path: async () => '/posts',
      click: (page) => page.getByRole('navigation', { name: 'Paginacja' }).getByLabel('Strona 2').click(),
      arrived: async (page) => {
        await page.waitForURL((url) => url.searchParams.get('page') === '2', { waitUntil: 'commit' });
        const sixth = (await visiblePostsNewestFirst(7))[6]!;
        await page.getByRole('heading', { level: 2, name: sixth.title }).waitFor();
      },
    },
    {
      name: 'a category badge of an article',
      path: async () => `/post/${(await newestDemoPost()).slug}`,
      click: async (page) => {
        const { category } = await archivesOf(await newestDemoPost());
        await page.getByRole('main').getByRole('link', { name: category.name, exact: true }).first().click();
      },
      arrived: async (page) => {
        const { category } = await archivesOf(await newestDemoPost());
        await page.waitForURL(`${base}${categoryPath(category)}`, { waitUntil: 'commit' });
        await page.getByRole('heading', { level: 1, name: category.name }).waitFor();
      },
    },
    {
      name: 'the side menu on a phone, then a link in it',
      path: async () => '/',
      viewport: PHONE,
      click: async (page) => {
        await page.getByRole('button', { name: 'Otwórz menu' }).click();
        const menu = page.getByRole('navigation', { name: 'Menu mobilne' });
        await menu.waitFor();
        await menu.getByRole('link', { name: 'O Blogu' }).click();
      },
      arrived: async (page) => {
        await page.waitForURL(`${base}/about`, { waitUntil: 'commit' });
        await page.getByRole('heading', { level: 1, name: 'O Blogu' }).waitFor();
      },
    },
    {
      name: 'the registration tab of /auth',
      path: async () => '/auth',
      click: (page) => page.getByRole('tab', { name: 'Rejestracja' }).click(),
      arrived: async (page) => {
        await page.waitForURL(`${base}/auth?formularz=rejestracja`, { waitUntil: 'commit' });
        await page.getByRole('form', { name: 'Rejestracja' }).getByLabel('Powtórz hasło').waitFor();
      },
    },
    {
      name: '„Nie pamiętasz hasła?” on /auth',
      path: async () => '/auth',
      click: (page) => page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click(),
      arrived: async (page) => {
        await page.waitForURL(`${base}/auth?formularz=haslo`, { waitUntil: 'commit' });
        await page.getByRole('form', { name: 'Resetowanie hasła' }).getByLabel('Adres e-mail').waitFor();
      },
    },
  ];

  it.each(clicks)('a click before the script on $name is followed', async (journey) => {
    const { page, problems, release } = await openWithScriptsHeld(
      browser.context,
      `${base}${await journey.path()}`,
      { viewport: journey.viewport },
    );
    await journey.click(page);
    await journey.arrived(page);
    release();
    await hydrated(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the side menu opened before the script stays open, and the app closes it when it follows a link', async () => {
    const { page, problems, release } = await openWithScriptsHeld(browser.context, `${base}/`, {
      viewport: PHONE,
    });
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    release();
    await hydrated(page);
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Kontakt' }).click();
    await page.waitForURL(`${base}/contact`);
    await menu.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await page.close();
  });

  /** The sign-in's greeting (an account the factory made has a temporary password), then the panel. */
  const signedIn = async (page: Page, username: string) => {
    await page.getByText(`Witaj, ${username}!`).waitFor();
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
  };

  const makeAdmin = () =>
    buildUser({ username: `e2e-wczesny-${uniqueSuffix()}`, role: 'admin', password: PASSWORD });

  it('sign-in typed before the script: the app takes the typed values and signs in', async () => {
    const admin = await makeAdmin();
    const { page, problems, release } = await openWithScriptsHeld(browser.context, `${base}/auth`);
    const form = page.getByRole('form', { name: 'Logowanie' });
    await form.getByLabel('Login').fill(admin.username);
    await form.getByLabel('Hasło', { exact: true }).fill(PASSWORD);
    release();
    await hydrated(page);
    await form.getByRole('button', { name: 'Zaloguj się' }).click();
    await signedIn(page, admin.username);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('registration fields typed and left before the script show their messages once the app takes over', async () => {
    const { page, problems, release } = await openWithScriptsHeld(
      browser.context,
      `${base}/auth?formularz=rejestracja`,
    );
    const form = page.getByRole('form', { name: 'Rejestracja' });
    await form.getByLabel('Nazwa użytkownika').fill('ab');
    await form.getByLabel('Hasło', { exact: true }).fill('haslo-dlugie');
    await form.getByLabel('Powtórz hasło').fill('inne');
    await form.getByLabel('Powtórz hasło').press('Tab');
    release();
    await hydrated(page);
    // As if each had been left with the app there: the typed fields say what is wrong…
    await form.getByText('Nazwa użytkownika musi mieć co najmniej 3 znaki').waitFor();
    await form.getByText('Hasła muszą być identyczne').waitFor();
    // …and the one never typed into says nothing yet.
    expect(await form.getByLabel('Adres e-mail').getAttribute('aria-invalid')).toBeNull();
    expect(await form.getByLabel('Nazwa użytkownika').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Nazwa użytkownika').inputValue()).toBe('ab');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sign-in sent before the app owns the form is sent once it does, never as an address', async () => {
    const admin = await makeAdmin();
    // The entry runs (a few hundred bytes, the first to arrive); the app's chunks are late.
    const { page, problems, release } = await openWithScriptsHeld(browser.context, `${base}/auth`, {
      pass: isEntry,
    });
    const form = page.getByRole('form', { name: 'Logowanie' });
    await form.getByLabel('Login').fill(admin.username);
    await form.getByLabel('Hasło', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Zaloguj się' }).click();
    // Nothing left the page (no navigation, no password in an address); the entry marked the submit.
    expect(page.url()).toBe(`${base}/auth`);
    expect(await form.getAttribute('data-early-submit')).toBe('');
    release();
    await signedIn(page, admin.username);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Enter in the sign-in form before any script does nothing that loses the text or shows the password', async () => {
    const { page, problems, release } = await openWithScriptsHeld(browser.context, `${base}/auth`);
    const form = page.getByRole('form', { name: 'Logowanie' });
    await form.getByLabel('Login').fill('ktos');
    await form.getByLabel('Hasło', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Hasło', { exact: true }).press('Enter');
    release();
    await hydrated(page);
    expect(page.url()).toBe(`${base}/auth`);
    expect(await form.getByLabel('Login').inputValue()).toBe('ktos');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('contact text typed before the script is the form’s own once the app takes over', async () => {
    const { page, problems, release } = await openWithScriptsHeld(browser.context, `${base}/contact`);
    const form = page.getByRole('form', { name: 'Formularz kontaktowy' });
    await form.getByLabel('Imię').fill('Wczesna Czytelniczka');
    await form.getByLabel('Adres e-mail').fill('wczesna@example.com');
    await form.getByLabel('Wiadomość').fill('Napisane, zanim strona była gotowa.');
    release();
    await hydrated(page);
    // Typing elsewhere renders the whole form again: text the form did not know would be wiped by it.
    await form.getByLabel('Kod zabezpieczający').fill('abc');
    await form.getByLabel('Kod zabezpieczający').blur();
    expect(await form.getByLabel('Imię').inputValue()).toBe('Wczesna Czytelniczka');
    expect(await form.getByLabel('Adres e-mail').inputValue()).toBe('wczesna@example.com');
    expect(await form.getByLabel('Wiadomość').inputValue()).toBe('Napisane, zanim strona była gotowa.');
    for (const message of [CONTACT_MESSAGES.name, CONTACT_MESSAGES.email, CONTACT_MESSAGES.message]) {
      expect(await form.getByText(message).count(), message).toBe(0);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the article’s comment and subscription forms take nothing before the script: the app draws them', async () => {
    const { page, release } = await openWithScriptsHeld(
      browser.context,
      `${base}/post/${(await newestDemoPost({ commented: true })).slug}`,
    );
    expect(await page.locator('main :is(input, textarea, select)').count()).toBe(0);
    release();
    await hydrated(page);
    await page.close();
  });
});
