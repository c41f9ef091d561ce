import type { EmailSettings, SiteSettings, SubscriptionStats } from '@blog/shared';
import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { mutate, SWRConfig, type Middleware } from 'swr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_SETTINGS_KEY } from '../../../api/email-settings.ts';
import { SITE_SETTINGS_KEY } from '../../../api/site-settings.ts';
import { SUBSCRIPTION_STATS_KEY } from '../../../api/subscriptions.ts';
import { swrDefaults } from '../../../api/swr-config.ts';
import { appSystem } from '../../../theme/system.ts';
import { AdminSettingsPage } from '../settings-page.tsx';

const opened: SiteSettings = {
  titleLink: 'https://example.com/stary',
  blogDescription: 'Opis, z którym formularz się otworzył',
  aboutPageContent: '',
  commentsEnabled: true,
  commentsRequireApproval: false,
  version: 4,
};
// Someone else's save, as a read in the background brings it into this tab.
const theirs: SiteSettings = { ...opened, blogDescription: 'Opis zapisany przez drugą osobę', version: 5 };

const email: EmailSettings = {
  smtpHost: '',
  smtpPort: 587,
  smtpSecure: false,
  smtpUser: '',
  smtpPasswordSet: false,
  fromAddress: '',
  fromName: '',
  notificationsEnabled: false,
} as unknown as EmailSettings;

const stats = { todayCount: 0, limit: 100, canSubscribe: true } as unknown as SubscriptionStats;

// A read that fails (the server away), for the hooks on screen: the answer to every key is a refusal.
let readsFail = false;
const failingReads: Middleware = (useSWRNext) => (key, fetcher, config) =>
  useSWRNext(key, readsFail ? () => Promise.reject(new Error('Brak połączenia')) : fetcher, config);

/** The page, once its form shows (it waits for the About page's editor to load). */
async function renderSettings() {
  render(
    <ChakraProvider value={appSystem()}>
      <SWRConfig value={{ ...swrDefaults, use: [failingReads] }}>
        <AdminSettingsPage />
      </SWRConfig>
    </ChakraProvider>,
  );
  return screen.findByLabelText('Link w tytule bloga', undefined, { timeout: 20_000 });
}

/** The state Playwright's fill waits for: there, enabled, editable, the same element. */
const usable = (field: HTMLElement) => ({
  connected: field.isConnected,
  disabled: (field as HTMLInputElement).disabled,
  readOnly: (field as HTMLInputElement).readOnly,
});

beforeEach(async () => {
  readsFail = false;
  // The three reads the page waits for, already in this tab's cache (as after the first load).
  await mutate(SITE_SETTINGS_KEY, opened, { revalidate: false });
  await mutate(SUBSCRIPTION_STATS_KEY, stats, { revalidate: false });
  await mutate(EMAIL_SETTINGS_KEY, email, { revalidate: false });
});
afterEach(() => {
  readsFail = false;
});

// The first render imports the design system and the About page's editor: seconds on a loaded machine.
describe('Settings → Ogólne while newer settings arrive in the background', { timeout: 30_000 }, () => {
  it('keeps the field being typed into — same element, enabled, the typed text — and its version', async () => {
    const field = await renderSettings();
    fireEvent.change(field, { target: { value: 'https://example.com/z-pierwszej-karty' } });

    await act(() => mutate(SITE_SETTINGS_KEY, theirs, { revalidate: false }));

    const now = screen.getByLabelText('Link w tytule bloga');
    expect(now).toBe(field);
    expect(usable(now)).toEqual({ connected: true, disabled: false, readOnly: false });
    expect(now).toHaveValue('https://example.com/z-pierwszej-karty');
    // Their description is not slipped under the typed link: a save meets the conflict alert instead.
    expect(screen.getByLabelText('Opis bloga')).toHaveValue(opened.blogDescription);
  });

  it('an untouched form takes the newer settings into the same fields', async () => {
    const field = await renderSettings();

    await act(() => mutate(SITE_SETTINGS_KEY, theirs, { revalidate: false }));

    expect(screen.getByLabelText('Link w tytule bloga')).toBe(field);
    expect(screen.getByLabelText('Opis bloga')).toHaveValue(theirs.blogDescription);
  });

  it('a failed read in the background leaves the form and the typed text on screen', async () => {
    const field = await renderSettings();
    fireEvent.change(field, { target: { value: 'https://example.com/wpisany' } });

    readsFail = true;
    await act(async () => {
      await mutate(SITE_SETTINGS_KEY).catch(() => undefined);
    });

    expect(screen.queryByText('Nie udało się pobrać ustawień')).toBeNull();
    const now = screen.getByLabelText('Link w tytule bloga');
    expect(now).toBe(field);
    expect(usable(now)).toEqual({ connected: true, disabled: false, readOnly: false });
    expect(now).toHaveValue('https://example.com/wpisany');
  });
});
