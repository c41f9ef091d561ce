import type { EmailSettings } from '@blog/shared';
import { Alert, Button, Card, Grid, HStack, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { Form, Formik, type FormikProps, useField } from 'formik';
import { Lock, PlugZap, Save, Send } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import {
  saveEmailSettings,
  saveNotificationSettings,
  sendTestEmail,
  testEmailSettings,
  useEmailSettings,
} from '../../../api/email-settings.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import {
  buildEmailSettingsInput,
  buildTestEmailRequest,
  canTestSmtp,
  type SmtpFormValues,
  smtpInitialValues,
  smtpSettingsSchema,
} from './smtp-settings.form.ts';
import { SavedSwitch } from './saved-switch.tsx';

function NotificationsCard({ enabled }: { enabled: boolean }) {
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Card.Title as="h2">Powiadomienia e-mail</Card.Title>
        <Card.Description>
          Gdy są włączone, subskrybenci dostają e-mail o każdym nowym artykule w swoich kategoriach.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <SavedSwitch
          enabled={enabled}
          label="Wysyłaj powiadomienia e-mail"
          saveLabel="Zapisz ustawienia powiadomień"
          save={async (checked) =>
            (await saveNotificationSettings(checked)).notificationsEnabled
              ? 'Powiadomienia e-mail są włączone.'
              : 'Powiadomienia e-mail są wyłączone.'
          }
        />
      </Card.Body>
    </Card.Root>
  );
}

function SecureSwitch() {
  const [field, , helpers] = useField<boolean>('smtpSecure');
  return (
    <Switch.Root
      checked={field.value}
      onCheckedChange={(details) => void helpers.setValue(details.checked)}
      colorPalette="brand"
    >
      <Switch.HiddenInput name="smtpSecure" onBlur={field.onBlur} />
      <Switch.Control />
      <Switch.Label>Bezpieczne połączenie (SSL/TLS)</Switch.Label>
    </Switch.Root>
  );
}

type Running = 'test' | 'send' | null;

function SmtpTestButtons({
  form,
  passwordStored,
}: {
  form: FormikProps<SmtpFormValues>;
  passwordStored: boolean;
}) {
  const [running, setRunning] = useState<Running>(null);
  const ready = canTestSmtp(form.values, passwordStored);

  /** The fields are checked by the same rules as on save before anything is sent. */
  async function validFields(): Promise<boolean> {
    const errors = await form.validateForm();
    if (Object.keys(errors).length === 0) return true;
    await form.setTouched(Object.fromEntries(Object.keys(errors).map((name) => [name, true])), false);
    return false;
  }

  async function testConnection() {
    if (!(await validFields())) return;
    setRunning('test');
    try {
      const result = await testEmailSettings(buildEmailSettingsInput(form.values));
      showSuccess('Test połączenia udany', result.message);
    } catch (error) {
      showError('Błąd połączenia', failureMessage('Nie udało się połączyć z serwerem', errorMessage(error)));
    } finally {
      setRunning(null);
    }
  }

  async function sendTest() {
    if (!(await validFields())) return;
    setRunning('send');
    try {
      const request = buildTestEmailRequest(form.values);
      const result = await sendTestEmail(request);
      showSuccess(
        'Wiadomość wysłana',
        result.message || `Wiadomość testowa wysłana na adres ${request.email}.`,
      );
    } catch (error) {
      showError('Błąd wysyłania', failureMessage('Nie udało się wysłać wiadomości', errorMessage(error)));
    } finally {
      setRunning(null);
    }
  }

  return (
    <Stack gap="2">
      <HStack gap="3" flexWrap="wrap">
        <Button
          variant="outline"
          disabled={!ready || running !== null || form.isSubmitting}
          loading={running === 'test'}
          loadingText="Testowanie..."
          onClick={() => void testConnection()}
        >
          <PlugZap aria-hidden="true" />
          Testuj połączenie
        </Button>
        <Button
          variant="outline"
          disabled={!ready || running !== null || form.isSubmitting}
          loading={running === 'send'}
          loadingText="Wysyłanie..."
          onClick={() => void sendTest()}
        >
          <Send aria-hidden="true" />
          Wyślij wiadomość testową
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {ready
          ? 'Oba testy używają pól powyżej (także niezapisanych); wiadomość testowa trafia na adres nadawcy.'
          : 'Aby przetestować, wypełnij serwer, port i adres e-mail nadawcy (oraz hasło, jeśli podano użytkownika).'}
      </Text>
    </Stack>
  );
}

function SmtpCard({ settings }: { settings: EmailSettings }) {
  async function save(values: SmtpFormValues, clearPassword: () => void) {
    try {
      const result = await saveEmailSettings(buildEmailSettingsInput(values));
      clearPassword();
      showSuccess('Ustawienia email zapisane', result.message);
    } catch (error) {
      showError('Błąd zapisu', failureMessage('Nie udało się zapisać ustawień', errorMessage(error)));
    }
  }

  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Card.Title as="h2">Serwer SMTP</Card.Title>
        <Card.Description>
          Przez ten serwer blog wysyła powiadomienia i wiadomości z hasłami.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Formik<SmtpFormValues>
          initialValues={smtpInitialValues(settings)}
          validationSchema={smtpSettingsSchema}
          onSubmit={(values, helpers) =>
            save(values, () => void helpers.setFieldValue('smtpPassword', '', false))
          }
        >
          {(form) => (
            <Form noValidate aria-label="Ustawienia serwera SMTP">
              <Stack gap="5">
                <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
                  <TextField
                    name="smtpHost"
                    label="Serwer SMTP"
                    placeholder="smtp.example.com"
                    autoComplete="off"
                  />
                  <TextField
                    name="smtpPort"
                    label="Port"
                    autoComplete="off"
                    helperText="Najczęściej 25, 465 (SSL) lub 587 (TLS)"
                  />
                  <TextField name="smtpUser" label="Użytkownik" autoComplete="off" />
                  <TextField
                    name="smtpPassword"
                    label="Hasło"
                    type="password"
                    autoComplete="new-password"
                    placeholder={settings.smtpPasswordSet ? '••••••••' : undefined}
                    helperText={
                      settings.smtpPasswordSet
                        ? 'Hasło jest zapisane. Zostaw puste pole, aby go nie zmieniać.'
                        : 'Hasło nie jest jeszcze zapisane.'
                    }
                  />
                  <TextField
                    name="senderEmail"
                    label="Adres e-mail nadawcy"
                    type="email"
                    placeholder="blog@example.com"
                    autoComplete="off"
                  />
                </Grid>
                <SecureSwitch />
                <Alert.Root status="info" borderRadius="lg">
                  <Alert.Indicator>
                    <Lock aria-hidden="true" />
                  </Alert.Indicator>
                  <Alert.Description>
                    Hasło SMTP jest przechowywane w postaci zaszyfrowanej i nigdy nie jest wyświetlane.
                  </Alert.Description>
                </Alert.Root>
                <Button
                  type="submit"
                  colorPalette="brand"
                  alignSelf="flex-start"
                  loading={form.isSubmitting}
                  loadingText="Zapisywanie..."
                >
                  <Save aria-hidden="true" />
                  Zapisz ustawienia
                </Button>
                <SmtpTestButtons form={form} passwordStored={settings.smtpPasswordSet} />
              </Stack>
            </Form>
          )}
        </Formik>
      </Card.Body>
    </Card.Root>
  );
}

/** Settings → „Powiadomienia”: the notifications switch and the SMTP server. Loads its own data. */
export function NotificationsSettingsTab() {
  const { settings, error, isLoading, reload } = useEmailSettings();

  if (error && !settings) {
    return <LoadError title="Nie udało się pobrać ustawień email" error={error} onRetry={reload} />;
  }
  if (isLoading || !settings) {
    return (
      <Stack gap="4" aria-busy="true" aria-label="Ładowanie ustawień email...">
        <Skeleton height="32" />
        <Skeleton height="80" />
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      <NotificationsCard enabled={settings.notificationsEnabled} />
      <SmtpCard settings={settings} />
    </Stack>
  );
}
