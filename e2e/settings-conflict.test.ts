import { SiteSetting } from '@blog/api/models';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signInAsNewAdmin } from './support/admin-editor.ts';
import type { Browser } from './support/browser.ts';
import { useTwoPeople } from './support/two-people.ts';

/**
 * Two admins, one settings screen, each in a browser of its own: the later save is refused,
 * the form keeps what was typed and says what the other changed; „Nadpisz” and „Wczytaj nową wersję” work.
 */
describe('two admins save the General settings', () => {
  const people = useTwoPeople();
  afterAll(async () => {
    // The e2e files share one database: put the public settings back as they were.
    await SiteSetting.destroy({ where: { key: ['titleLink', 'blogDescription'] } });
  });

  const openSettings = async (browser: Browser): Promise<Page> => {
    const page = await signInAsNewAdmin(browser, people.base);
    await page.goto(`${people.base}/admin/settings`);
    await page.getByLabel('Opis bloga').waitFor();
    return page;
  };
  const saveSettings = (page: Page) => page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
  const stored = async () =>
    (await (await fetch(`${people.base}/api/site-settings`)).json()) as {
      titleLink: string;
      blogDescription: string;
    };

  it('refuses the later save, keeps the typed text; „Nadpisz” saves it, „Wczytaj nową wersję” shows theirs', async () => {
    const a = await openSettings(people.first);
    const b = await openSettings(people.second);

    await b.getByLabel('Opis bloga').fill('Opis zapisany przez drugą osobę');
    await saveSettings(b);
    await b.getByText('Ustawienia zapisane').waitFor();

    await a.getByLabel('Link w tytule bloga').fill('https://example.com/z-pierwszej-karty');
    await saveSettings(a);
    const alert = a.getByRole('alert').filter({ hasText: 'Ktoś inny zmienił ustawienia w międzyczasie' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Zmienione na serwerze: opis bloga.');
    expect(await a.getByLabel('Link w tytule bloga').inputValue()).toBe(
      'https://example.com/z-pierwszej-karty',
    );
    expect((await stored()).titleLink).not.toBe('https://example.com/z-pierwszej-karty');

    await alert.getByRole('button', { name: 'Nadpisz' }).click();
    await a.getByText('Ustawienia zapisane').waitFor();
    expect(await stored()).toMatchObject({ titleLink: 'https://example.com/z-pierwszej-karty' });
    expect(await alert.count()).toBe(0);

    // Now b's form is the stale one: it loads a's version instead of overwriting it.
    await b.getByLabel('Opis bloga').fill('Druga próba drugiej osoby');
    await saveSettings(b);
    const again = b.getByRole('alert').filter({ hasText: 'Ktoś inny zmienił ustawienia w międzyczasie' });
    await again.waitFor();
    expect(await again.textContent()).toContain('link w tytule bloga');
    await again.getByRole('button', { name: 'Wczytaj nową wersję' }).click();
    await expect
      .poll(() => b.getByLabel('Link w tytule bloga').inputValue())
      .toBe('https://example.com/z-pierwszej-karty');
    expect(await again.count()).toBe(0);
    expect((await stored()).blogDescription).not.toBe('Druga próba drugiej osoby');
    await Promise.all([a.close(), b.close()]);
  });

  it('a read from before the last save is no conflict when nothing the form shows changed: the save goes through', async () => {
    const page = await signInAsNewAdmin(people.first, people.base);
    // The screen's first read of the settings carries an older version than the server's (as a read
    // that left before someone's save of the same values); every later read is the server's own.
    let stale = true;
    await page.route('**/api/site-settings', async (route) => {
      if (!stale || route.request().method() !== 'GET') return route.continue();
      stale = false;
      const response = await route.fetch();
      const settings = (await response.json()) as { version: number };
      await route.fulfill({ response, json: { ...settings, version: settings.version + 1000 } });
    });
    await page.goto(`${people.base}/admin/settings`);
    await page.getByLabel('Opis bloga').fill('Opis zapisany mimo starszego odczytu');
    await saveSettings(page);
    await page.getByText('Ustawienia zapisane').waitFor();
    expect(stale).toBe(false);
    expect(await page.getByRole('alert').filter({ hasText: 'Ktoś inny zmienił ustawienia' }).count()).toBe(0);
    expect((await stored()).blogDescription).toBe('Opis zapisany mimo starszego odczytu');
    await page.close();
  });
});
