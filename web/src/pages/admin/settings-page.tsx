import { Container, Heading, Spinner, Stack, Tabs } from '@chakra-ui/react';
import { useSiteSettings } from '../../api/site-settings.ts';
import { LoadError } from '../../components/load-error.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { GeneralSettingsTab } from './settings/general-tab.tsx';
import { SettingsTabPlaceholder } from './settings/settings-tab-placeholder.tsx';

/**
 * „Ustawienia” (admin only): a spinner until the settings queries finish, then three tabs. The
 * Subskrypcje and Powiadomienia panels are placeholders until their components are merged.
 */
export function AdminSettingsPage() {
  useDocumentTitle('Ustawienia');
  const { settings, error, isLoading } = useSiteSettings();

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Ustawienia
        </Heading>
        {error ? (
          <LoadError title="Nie udało się pobrać ustawień" error={error} />
        ) : isLoading || !settings ? (
          <Stack align="center" py="16" aria-busy="true">
            <Spinner size="lg" aria-label="Ładowanie ustawień..." />
          </Stack>
        ) : (
          <Tabs.Root defaultValue="general" variant="line" lazyMount>
            <Tabs.List>
              <Tabs.Trigger value="general">Ogólne</Tabs.Trigger>
              <Tabs.Trigger value="subscriptions">Subskrypcje</Tabs.Trigger>
              <Tabs.Trigger value="notifications">Powiadomienia</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="general" pt="6">
              <GeneralSettingsTab settings={settings} />
            </Tabs.Content>
            <Tabs.Content value="subscriptions" pt="6">
              <SettingsTabPlaceholder title="Subskrypcje" />
            </Tabs.Content>
            <Tabs.Content value="notifications" pt="6">
              <SettingsTabPlaceholder title="Powiadomienia" />
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Stack>
    </Container>
  );
}
