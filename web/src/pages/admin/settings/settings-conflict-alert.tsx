import type { SiteSettings } from '@blog/shared';
import { Alert, Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { changedSettings } from './settings-conflict.ts';

export interface SettingsConflict {
  /** The copy the form was opened from. */
  base: SiteSettings;
  /** The copy someone else saved since. */
  server: SiteSettings;
}

/** A save refused with 409: what changed on the server, and the two ways on. Nothing typed is lost. */
export function SettingsConflictAlert({
  conflict,
  onOverwrite,
  onLoadServer,
}: {
  conflict: SettingsConflict;
  onOverwrite: () => Promise<void>;
  onLoadServer: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const changed = changedSettings(conflict.base, conflict.server);
  return (
    <Alert.Root status="warning" borderRadius="lg" role="alert">
      <Alert.Indicator />
      <Alert.Content gap="3">
        <Alert.Title>Ktoś inny zmienił ustawienia w międzyczasie</Alert.Title>
        <Alert.Description>
          Twoje zmiany nie zostały zapisane i nadal są w formularzu. Zmienione na serwerze:{' '}
          {changed.length > 0 ? changed.join(', ') : 'nic, co widać w formularzu'}.
        </Alert.Description>
        <HStack gap="3" wrap="wrap">
          <Button size="sm" colorPalette="brand" loading={busy} onClick={run(onOverwrite)}>
            Nadpisz
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={run(onLoadServer)}>
            Wczytaj nową wersję
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
