import type { RegisterRequest } from '@blog/shared';
import { Button, Stack } from '@chakra-ui/react';
import { Formik, type FormikHelpers } from 'formik';
import { AppForm } from '../../components/app-form.tsx';
import { UserPlus } from 'lucide-react';
import { errorMessage } from '../../api/api-error.ts';
import { register } from '../../api/auth.ts';
import { type FormFieldsOf, serverFieldError, serverFields } from '../../api/field-error.ts';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { TextField } from '../../components/text-field.tsx';
import { showError, showSuccess } from '../../lib/toast.ts';
import {
  buildRegisterPayload,
  type RegisterFormValues,
  registerInitialValues,
  registerSchema,
} from './register-form.form.ts';

const SERVER_FIELDS = serverFields<FormFieldsOf<RegisterRequest, RegisterFormValues>>({
  username: true,
  email: true,
  password: true,
  displayName: true,
});

/** Self-service account (role subscriber); signed in at once, then sent on like after a sign-in. */
export function RegisterForm() {
  async function submit(values: RegisterFormValues, helpers: FormikHelpers<RegisterFormValues>) {
    try {
      const user = await register(buildRegisterPayload(values));
      showSuccess('Rejestracja udana', `Witaj, ${user.username}! Twoje konto zostało utworzone.`);
    } catch (error) {
      const fieldError = serverFieldError(error, SERVER_FIELDS);
      if (fieldError) helpers.setFieldError(fieldError.field, fieldError.message);
      showError('Rejestracja nieudana', errorMessage(error));
    }
  }

  return (
    <Formik<RegisterFormValues>
      initialValues={registerInitialValues}
      validationSchema={registerSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <AppForm noValidate aria-label="Rejestracja">
          <Stack gap="4">
            <TextField name="username" label="Nazwa użytkownika" autoComplete="username" required />
            <TextField name="email" label="Adres e-mail" type="email" autoComplete="email" required />
            <NewPasswordFields name="password" label="Hasło" confirmLabel="Powtórz hasło" />
            <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Rejestrowanie...">
              <UserPlus aria-hidden="true" />
              Zarejestruj się
            </Button>
          </Stack>
        </AppForm>
      )}
    </Formik>
  );
}
