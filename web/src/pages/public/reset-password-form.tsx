import type { PasswordResetConfirm } from '@blog/shared';
import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { Button, Stack } from '@chakra-ui/react';
import { Formik, type FormikHelpers } from 'formik';
import { AppForm } from '../../components/app-form.tsx';
import { KeyRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { confirmPasswordReset } from '../../api/auth.ts';
import { type FormFieldsOf, serverFieldError, serverFields } from '../../api/field-error.ts';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { showError, showSuccess } from '../../lib/toast.ts';
import {
  buildPasswordResetConfirm,
  type ResetPasswordFormValues,
  resetPasswordInitialValues,
  resetPasswordSchema,
} from './reset-password-form.form.ts';

const SERVER_FIELDS = serverFields<FormFieldsOf<PasswordResetConfirm, ResetPasswordFormValues>>({
  password: true,
});

/** New password + confirmation for the token from the e-mailed link; success leads back to sign-in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();

  async function submit(values: ResetPasswordFormValues, helpers: FormikHelpers<ResetPasswordFormValues>) {
    try {
      await confirmPasswordReset(buildPasswordResetConfirm(values, token));
      showSuccess('Hasło zmienione', 'Możesz się teraz zalogować nowym hasłem.');
      void navigate(PUBLIC_PAGES.auth, { replace: true });
    } catch (error) {
      const fieldError = serverFieldError(error, SERVER_FIELDS);
      if (fieldError) helpers.setFieldError(fieldError.field, fieldError.message);
      showError('Nie udało się ustawić nowego hasła', errorMessage(error));
    }
  }

  return (
    <Formik<ResetPasswordFormValues>
      initialValues={resetPasswordInitialValues}
      validationSchema={resetPasswordSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <AppForm noValidate aria-label="Nowe hasło">
          <Stack gap="4">
            <NewPasswordFields name="password" label="Nowe hasło" confirmLabel="Powtórz nowe hasło" />
            <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Zapisywanie...">
              <KeyRound aria-hidden="true" />
              Ustaw nowe hasło
            </Button>
          </Stack>
        </AppForm>
      )}
    </Formik>
  );
}
