import type { User } from '@blog/shared';
import { Button, Dialog, Field, Input, Stack, Switch } from '@chakra-ui/react';
import { Form, Formik, useField } from 'formik';
import { errorMessage } from '../../../api/api-error.ts';
import { updateUser } from '../../../api/users.ts';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { RoleField } from './role-field.tsx';
import {
  buildUserUpdatePayload,
  type UserEditFormValues,
  userEditInitialValues,
  userEditSchema,
} from './user-edit.form.ts';

function ActiveSwitch() {
  const [field, , helpers] = useField<boolean>('isActive');
  return (
    <Switch.Root
      checked={field.value}
      onCheckedChange={(details) => void helpers.setValue(details.checked)}
      colorPalette="brand"
    >
      <Switch.HiddenInput name="isActive" onBlur={field.onBlur} />
      <Switch.Control />
      <Switch.Label>Konto aktywne</Switch.Label>
    </Switch.Root>
  );
}

/** „Edytuj użytkownika”: the username is shown but cannot change. */
export function UserEditDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  async function submit(target: User, values: UserEditFormValues) {
    try {
      await updateUser(target.id, buildUserUpdatePayload(values, target.version));
      showSuccess('Użytkownik zaktualizowany', `Zapisano zmiany konta ${target.username}.`);
      onClose();
    } catch (error) {
      showError('Błąd podczas aktualizacji użytkownika', errorMessage(error));
    }
  }

  if (!user) return null;
  return (
    <Formik<UserEditFormValues>
      // A new user in the dialog starts a new form.
      key={user.id}
      initialValues={userEditInitialValues(user)}
      validationSchema={userEditSchema}
      onSubmit={(values) => submit(user, values)}
    >
      {({ isSubmitting }) => (
        <AppDialog open onClose={onClose} title="Edytuj użytkownika" busy={isSubmitting}>
          <Form noValidate aria-label="Edycja użytkownika">
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root readOnly>
                  <Field.Label>Nazwa użytkownika</Field.Label>
                  <Input value={user.username} readOnly />
                  <Field.HelperText>Nazwy użytkownika nie można zmienić.</Field.HelperText>
                </Field.Root>
                <TextField
                  name="email"
                  label="Adres e-mail"
                  type="email"
                  autoComplete="off"
                  helperText="Puste pole usuwa adres."
                />
                <TextField name="displayName" label="Nazwa wyświetlana" autoComplete="off" />
                <RoleField />
                <ActiveSwitch />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
                Anuluj
              </Button>
              <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Zapisywanie...">
                Zapisz zmiany
              </Button>
            </Dialog.Footer>
          </Form>
        </AppDialog>
      )}
    </Formik>
  );
}
