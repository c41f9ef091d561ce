import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { Formik } from 'formik';
import { AppForm } from '../../components/app-form.tsx';
import { Mail } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { requestPasswordReset } from '../../api/auth.ts';
import { TextField } from '../../components/text-field.tsx';
import { showError } from '../../lib/toast.ts';
import {
  buildPasswordResetRequest,
  type ForgotPasswordFormValues,
  forgotPasswordInitialValues,
  forgotPasswordSchema,
} from './forgot-password-form.form.ts';

/** One neutral text whatever the address: the page must not reveal who has an account (contract: 202 always). */
export const RESET_REQUESTED_TEXT =
  'Jeśli w serwisie istnieje konto z tym adresem, wysłaliśmy na niego link do ustawienia nowego hasła. ' +
  'Sprawdź skrzynkę odbiorczą (także folder spam). Link jest ważny przez ograniczony czas.';

/**
 * „Nie pamiętasz hasła?”: asks for an e-mail, then always shows the same confirmation. `back`: the link to
 * the sign-in view (a real link, usable before the app's code has arrived).
 */
export function ForgotPasswordForm({ back: backLink }: { back: ComponentProps<'a'> }) {
  const [sent, setSent] = useState(false);

  async function submit(values: ForgotPasswordFormValues) {
    try {
      await requestPasswordReset(buildPasswordResetRequest(values));
      setSent(true);
    } catch (error) {
      showError('Wystąpił błąd', errorMessage(error));
    }
  }

  const back = (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
      <a {...backLink}>Wróć do logowania</a>
    </Button>
  );

  if (sent) {
    return (
      <Stack gap="4">
        <Alert.Root status="success" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Sprawdź pocztę</Alert.Title>
            <Alert.Description>{RESET_REQUESTED_TEXT}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        {back}
      </Stack>
    );
  }

  return (
    <Formik<ForgotPasswordFormValues>
      initialValues={forgotPasswordInitialValues}
      validationSchema={forgotPasswordSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <AppForm noValidate aria-label="Resetowanie hasła">
          <Stack gap="4">
            <Text color="fg.muted">
              Podaj adres e-mail przypisany do konta, a wyślemy na niego link do ustawienia nowego hasła.
            </Text>
            <TextField name="email" label="Adres e-mail" type="email" autoComplete="email" required />
            <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Wysyłanie...">
              <Mail aria-hidden="true" />
              Wyślij link
            </Button>
            {back}
          </Stack>
        </AppForm>
      )}
    </Formik>
  );
}
