import { Button, Stack } from '@chakra-ui/react';
import { Formik } from 'formik';
import { AppForm } from '../../components/app-form.tsx';
import { LogIn } from 'lucide-react';
import { login } from '../../api/auth.ts';
import { TextField } from '../../components/text-field.tsx';
import { showError, showSuccess } from '../../lib/toast.ts';
import { signInErrorMessage } from './sign-in-error.ts';
import { signInGreeting } from './sign-in-greeting.ts';
import {
  buildLoginPayload,
  type SignInFormValues,
  signInInitialValues,
  signInSchema,
} from './sign-in-form.form.ts';

/**
 * Fields Login and Hasło, button „Zaloguj się”. On success the session user is replaced, and the
 * auth page, seeing a signed-in user, sends them on (to /admin, / or where they were going).
 */
export function SignInForm() {
  async function submit(values: SignInFormValues) {
    try {
      const user = await login(buildLoginPayload(values));
      showSuccess('Logowanie udane', signInGreeting(user));
    } catch (error) {
      showError('Logowanie nieudane', signInErrorMessage(error));
    }
  }

  return (
    <Formik<SignInFormValues>
      initialValues={signInInitialValues}
      validationSchema={signInSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <AppForm noValidate aria-label="Logowanie">
          <Stack gap="4">
            <TextField name="username" label="Login" autoComplete="username" required />
            <TextField
              name="password"
              label="Hasło"
              type="password"
              autoComplete="current-password"
              required
            />
            <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Logowanie...">
              <LogIn aria-hidden="true" />
              Zaloguj się
            </Button>
          </Stack>
        </AppForm>
      )}
    </Formik>
  );
}
