import type { UserCreated } from '@blog/shared';
import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { createUser } from '../../../api/users.ts';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { OneTimePassword } from './one-time-password.tsx';
import { RoleField } from './role-field.tsx';
import {
  buildUserCreatePayload,
  type UserCreateFormValues,
  userCreateInitialValues,
  userCreateSchema,
} from './user-create.form.ts';

/**
 * „Dodaj użytkownika”. The server makes the temporary password; when it could not e-mail it, the answer
 * carries it and the dialog stays open to show it once. Mounted only while open, so every opening starts
 * with an empty form.
 */
export function UserCreateDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<UserCreated | null>(null);

  function close() {
    setCreated(null);
    onClose();
  }

  async function submit(values: UserCreateFormValues) {
    try {
      const result = await createUser(buildUserCreatePayload(values));
      if (result.password) {
        showSuccess('Użytkownik dodany', `Konto ${result.user.username} zostało utworzone.`);
        setCreated(result);
        return;
      }
      showSuccess('Użytkownik dodany', `Tymczasowe hasło wysłano na adres ${result.user.email ?? ''}.`);
      close();
    } catch (error) {
      showError('Błąd podczas tworzenia użytkownika', errorMessage(error));
    }
  }

  if (created?.password) {
    return (
      <AppDialog open onClose={close} title="Użytkownik dodany">
        <Dialog.Body>
          <OneTimePassword username={created.user.username} password={created.password} />
        </Dialog.Body>
        <Dialog.Footer>
          <Button colorPalette="brand" onClick={close}>
            Zamknij
          </Button>
        </Dialog.Footer>
      </AppDialog>
    );
  }

  return (
    <Formik<UserCreateFormValues>
      initialValues={userCreateInitialValues}
      validationSchema={userCreateSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <AppDialog open onClose={close} title="Dodaj użytkownika" busy={isSubmitting}>
          <Form noValidate aria-label="Nowy użytkownik">
            <Dialog.Body>
              <Stack gap="4">
                <TextField name="username" label="Nazwa użytkownika" autoComplete="off" required />
                <TextField name="email" label="Adres e-mail" type="email" autoComplete="off" required />
                <TextField
                  name="displayName"
                  label="Nazwa wyświetlana"
                  autoComplete="off"
                  helperText="Opcjonalna."
                />
                <RoleField />
                <Text fontSize="sm" color="fg.muted">
                  Tymczasowe hasło zostanie wygenerowane automatycznie.
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close} disabled={isSubmitting}>
                Anuluj
              </Button>
              <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Dodawanie...">
                Dodaj użytkownika
              </Button>
            </Dialog.Footer>
          </Form>
        </AppDialog>
      )}
    </Formik>
  );
}
