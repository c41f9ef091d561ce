import type { PasswordChange } from '@blog/shared';
import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { errorMessage } from '../../../api/api-error.ts';
import { changePassword } from '../../../api/auth.ts';
import { type FormFieldsOf, serverFieldError, serverFields } from '../../../api/field-error.ts';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';
import {
  buildPasswordChange,
  type ChangePasswordFormValues,
  changePasswordInitialValues,
  changePasswordSchema,
} from './change-password.form.ts';

const SERVER_FIELDS = serverFields<FormFieldsOf<PasswordChange, ChangePasswordFormValues>>({
  currentPassword: true,
  newPassword: true,
  confirmPassword: true,
});

/**
 * „Zmień hasło” for the signed-in user (current, new, confirmation). `temporary`: signed in with a
 * temporary password an admin issued, so the dialog says why it asks.
 */
export function ChangePasswordDialog({
  open,
  onClose,
  temporary = false,
}: {
  open: boolean;
  onClose: () => void;
  temporary?: boolean;
}) {
  async function submit(values: ChangePasswordFormValues, helpers: FormikHelpers<ChangePasswordFormValues>) {
    try {
      await changePassword(buildPasswordChange(values));
      showSuccess('Hasło zmienione', 'Twoje hasło zostało pomyślnie zmienione.');
      // The form outlives the dialog: empty it so the passwords are not there next time.
      helpers.resetForm();
      onClose();
    } catch (error) {
      // „Obecne hasło jest nieprawidłowe” belongs under the field it is about.
      const fieldError = serverFieldError(error, SERVER_FIELDS);
      if (fieldError) helpers.setFieldError(fieldError.field, fieldError.message);
      showError('Nie udało się zmienić hasła', errorMessage(error));
    }
  }

  return (
    <Formik<ChangePasswordFormValues>
      initialValues={changePasswordInitialValues}
      validationSchema={changePasswordSchema}
      onSubmit={submit}
    >
      {({ isSubmitting, resetForm }) => (
        <AppDialog
          open={open}
          onClose={() => {
            resetForm();
            onClose();
          }}
          title="Zmień hasło"
          busy={isSubmitting}
        >
          <Form noValidate aria-label="Zmiana hasła">
            <Dialog.Body>
              <Stack gap="4">
                {temporary && (
                  <Text>
                    Logujesz się hasłem tymczasowym. Ustaw teraz własne hasło: jako obecne wpisz hasło
                    tymczasowe.
                  </Text>
                )}
                <TextField
                  name="currentPassword"
                  label="Obecne hasło"
                  type="password"
                  autoComplete="current-password"
                  required
                />
                <NewPasswordFields name="newPassword" label="Nowe hasło" confirmLabel="Powtórz nowe hasło" />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={isSubmitting}>
                  Anuluj
                </Button>
              </Dialog.ActionTrigger>
              <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Zapisywanie...">
                Zmień hasło
              </Button>
            </Dialog.Footer>
          </Form>
        </AppDialog>
      )}
    </Formik>
  );
}
