import { Button, Card, Skeleton, Stack, Switch } from '@chakra-ui/react';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { saveSubscriptionSettings, useSubscriptionSettings } from '../../../api/subscriptions.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';

function DoubleOptInSwitch({ enabled }: { enabled: boolean }) {
  const [checked, setChecked] = useState(enabled);
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    try {
      const result = await saveSubscriptionSettings(checked);
      showSuccess('Ustawienia zapisane', result.message);
    } catch (error) {
      showError('Błąd zapisu', failureMessage('Nie udało się zapisać ustawień', errorMessage(error)));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="4" align="flex-start">
      <Switch.Root
        checked={checked}
        onCheckedChange={(details) => setChecked(details.checked)}
        colorPalette="brand"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Wymagaj potwierdzenia adresu e-mail</Switch.Label>
      </Switch.Root>
      <Button variant="outline" onClick={() => void save()} loading={saving} loadingText="Zapisywanie...">
        <Save aria-hidden="true" />
        Zapisz ustawienie potwierdzania
      </Button>
    </Stack>
  );
}

/** Settings → „Subskrypcje”: double opt-in, off by default. */
export function DoubleOptInCard() {
  const { settings, error, reload } = useSubscriptionSettings();
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Card.Title as="h2">Potwierdzanie subskrypcji</Card.Title>
        <Card.Description>
          Gdy jest włączone, nowa subskrypcja zaczyna działać dopiero po kliknięciu linku wysłanego na podany
          adres e-mail (link jest ważny przez 48 godzin). Do dziennego limitu liczą się tylko potwierdzone
          subskrypcje.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {error && !settings ? (
          <LoadError title="Nie udało się pobrać ustawień subskrypcji" error={error} onRetry={reload} />
        ) : settings ? (
          <DoubleOptInSwitch enabled={settings.doubleOptIn} />
        ) : (
          <Skeleton height="16" aria-label="Ładowanie ustawień subskrypcji..." />
        )}
      </Card.Body>
    </Card.Root>
  );
}
