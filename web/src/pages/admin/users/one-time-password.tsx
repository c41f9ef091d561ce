import { Alert, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { Copy } from 'lucide-react';
import { showConfirmation, showError } from '../../../lib/toast.ts';

export const ONE_TIME_PASSWORD_WARNING =
  'Zapisz lub przekaż to hasło teraz. Po zamknięciu tego okna nie będzie można go odzyskać.';

/** A temporary password returned by the server: shown once, with the warning that it is gone after closing. */
export function OneTimePassword({ username, password }: { username: string; password: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      showConfirmation('Skopiowano', 'Hasło jest w schowku.');
    } catch {
      showError('Nie udało się skopiować', 'Zaznacz hasło i skopiuj je ręcznie.');
    }
  }

  return (
    <Stack gap="4">
      <Alert.Root status="warning" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Tymczasowe hasło użytkownika {username}</Alert.Title>
          <Alert.Description>{ONE_TIME_PASSWORD_WARNING}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Field.Root>
        <Field.Label>Tymczasowe hasło</Field.Label>
        <HStack width="100%">
          <Input
            value={password}
            readOnly
            fontFamily="mono"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline" onClick={() => void copy()} aria-label="Kopiuj hasło">
            <Copy aria-hidden="true" />
          </Button>
        </HStack>
      </Field.Root>
    </Stack>
  );
}
