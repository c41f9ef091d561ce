import { Card, Skeleton } from '@chakra-ui/react';
import { saveSubscriptionSettings, useSubscriptionSettings } from '../../../api/subscriptions.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { SavedSwitch } from './saved-switch.tsx';

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
          <SavedSwitch
            enabled={settings.doubleOptIn}
            label="Wymagaj potwierdzenia adresu e-mail"
            saveLabel="Zapisz ustawienie potwierdzania"
            save={async (checked) => (await saveSubscriptionSettings(checked)).message}
          />
        ) : (
          <Skeleton height="16" aria-label="Ładowanie ustawień subskrypcji..." />
        )}
      </Card.Body>
    </Card.Root>
  );
}
