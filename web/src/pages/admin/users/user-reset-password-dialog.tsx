import type { User } from '@blog/shared';
import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { resetUserPassword } from '../../../api/users.ts';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { OneTimePassword } from './one-time-password.tsx';

/**
 * „Resetuj hasło”: asks first; a password in the answer keeps the dialog open to show it once,
 * otherwise (it was e-mailed) the dialog closes.
 */
export function UserResetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const [resetting, setResetting] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  if (!user) return null;
  const target = user;

  function close() {
    setPassword(null);
    onClose();
  }

  async function confirm() {
    setResetting(true);
    try {
      const result = await resetUserPassword(target.id);
      showSuccess('Hasło zresetowane', result.message);
      if (result.password) setPassword(result.password);
      else close();
    } catch (error) {
      showError('Błąd podczas resetowania hasła', errorMessage(error));
    } finally {
      setResetting(false);
    }
  }

  return (
    <AppDialog open onClose={close} title="Resetuj hasło" role="alertdialog" busy={resetting}>
      <Dialog.Body>
        {password ? (
          <OneTimePassword username={target.username} password={password} />
        ) : (
          <Stack gap="3">
            <Text>
              Czy na pewno chcesz zresetować hasło użytkownika <strong>{target.username}</strong>?
              Dotychczasowe hasło przestanie działać, a użytkownik zostanie wylogowany.
            </Text>
            <Text>
              {target.email
                ? `Nowe hasło zostanie wysłane na adres ${target.email}.`
                : 'Użytkownik nie ma adresu e-mail, więc nowe hasło zostanie wyświetlone na ekranie.'}
            </Text>
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        {password ? (
          <Button colorPalette="brand" onClick={close}>
            Zamknij
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={close} disabled={resetting}>
              Anuluj
            </Button>
            <Button
              colorPalette="brand"
              onClick={() => void confirm()}
              loading={resetting}
              loadingText="Resetowanie..."
            >
              Resetuj hasło
            </Button>
          </>
        )}
      </Dialog.Footer>
    </AppDialog>
  );
}
