import { Container, Heading, Spinner, Stack, Tabs } from '@chakra-ui/react';
import { useEmailSettings } from '../../api/email-settings.ts';
import { useSiteSettings } from '../../api/site-settings.ts';
import { useSubscriptionStats } from '../../api/subscriptions.ts';
import { LoadError } from '../../components/load-error.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { GeneralSettingsTab } from './settings/general-tab.tsx';
import { ImportExportTab } from './settings/import-export-tab.tsx';
import { NotificationsSettingsTab } from './settings/notifications-tab.tsx';
import { SubscriptionsSettingsTab } from './settings/subscriptions-tab.tsx';

/**
 * „Ustawienia” (admin only): a spinner until the three settings queries (site, subscription stats,
 * e-mail) finish, then four tabs (the last, „Import i eksport”, moves content in and out). The tabs read the same SWR keys, so they open with the data at hand;
 * a failed stats or e-mail read is shown inside its own tab, and a failed later read of the site settings
 * leaves the General tab as it is (its save reports its own failure).
 */
export function AdminSettingsPage() {
  useDocumentTitle('Ustawienia');
  const { settings, error, loaded } = useSiteSettings();
  const stats = useSubscriptionStats();
  const email = useEmailSettings();
  // By the data at hand, never by a read under way or failed: once the tabs are shown, nothing read in
  // the background takes them (and the fields being typed into) off the screen.
  const othersLoading = (!stats.stats && !stats.error) || (!email.settings && !email.error);

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Ustawienia
        </Heading>
        {error && !loaded ? (
          <LoadError title="Nie udało się pobrać ustawień" error={error} />
        ) : !loaded || !settings || othersLoading ? (
          <Stack align="center" py="16" aria-busy="true">
            <Spinner size="lg" aria-label="Ładowanie ustawień..." />
          </Stack>
        ) : (
          <Tabs.Root defaultValue="general" variant="line" lazyMount>
            <Tabs.List>
              <Tabs.Trigger value="general">Ogólne</Tabs.Trigger>
              <Tabs.Trigger value="subscriptions">Subskrypcje</Tabs.Trigger>
              <Tabs.Trigger value="notifications">Powiadomienia</Tabs.Trigger>
              <Tabs.Trigger value="transfer">Import i eksport</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="general" pt="6">
              <GeneralSettingsTab settings={settings} />
            </Tabs.Content>
            <Tabs.Content value="subscriptions" pt="6">
              <SubscriptionsSettingsTab />
            </Tabs.Content>
            <Tabs.Content value="notifications" pt="6">
              <NotificationsSettingsTab />
            </Tabs.Content>
            <Tabs.Content value="transfer" pt="6">
              <ImportExportTab />
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Stack>
    </Container>
  );
}
