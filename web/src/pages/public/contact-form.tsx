import { Box, Button, HStack, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Formik } from 'formik';
import { AppForm } from '../../components/app-form.tsx';
import { RefreshCw, Send } from 'lucide-react';
import { errorMessage } from '../../api/api-error.ts';
import { sendContactMessage, useCaptcha } from '../../api/contact.ts';
import { TextField } from '../../components/text-field.tsx';
import { showError, showSuccess } from '../../lib/toast.ts';
import {
  buildContactPayload,
  type ContactFormValues,
  contactInitialValues,
  contactSchema,
} from './contact-form.form.ts';

/** The code image's box (the API draws it 180 × 64): the same while it loads, so nothing below moves. */
const CAPTCHA_BOX = { height: '16', width: '180px' } as const;

function CaptchaImage({ image, isLoading, failed }: { image?: string; isLoading: boolean; failed: boolean }) {
  if (image && !isLoading) {
    return (
      <Image
        src={image}
        alt="Kod zabezpieczający do przepisania"
        {...CAPTCHA_BOX}
        borderRadius="md"
        borderWidth="1px"
        borderColor="border"
        bg="white"
      />
    );
  }
  if (failed && !isLoading) {
    return (
      <Text fontSize="sm" color="fg.error" minHeight={CAPTCHA_BOX.height} display="flex" alignItems="center">
        Nie udało się pobrać kodu.
      </Text>
    );
  }
  return <Skeleton {...CAPTCHA_BOX} borderRadius="md" />;
}

/** Contact form with a security code; every attempt (good or bad) uses up the code, so a new one follows. */
export function ContactForm() {
  const { captcha, error: captchaError, isLoading: captchaLoading, refresh } = useCaptcha();

  async function submit(values: ContactFormValues, resetForm: () => void, clearCaptcha: () => void) {
    if (!captcha) {
      showError('Wystąpił błąd', 'Brak kodu zabezpieczającego. Kliknij „Nowy kod” i spróbuj ponownie.');
      return;
    }
    try {
      const confirmation = await sendContactMessage(buildContactPayload(values, captcha.captchaId));
      resetForm();
      showSuccess('Wiadomość wysłana', confirmation);
    } catch (error) {
      clearCaptcha();
      showError('Wystąpił błąd', errorMessage(error));
    } finally {
      void refresh();
    }
  }

  return (
    <Formik<ContactFormValues>
      initialValues={contactInitialValues}
      validationSchema={contactSchema}
      onSubmit={(values, helpers) =>
        submit(
          values,
          () => helpers.resetForm(),
          () => {
            void helpers.setFieldValue('captcha', '', false);
            void helpers.setFieldTouched('captcha', false, false);
          },
        )
      }
    >
      {({ isSubmitting }) => (
        <AppForm noValidate aria-label="Formularz kontaktowy">
          <Stack gap="4">
            <Text fontSize="sm" color="fg.muted">
              Wszystkie pola są wymagane.
            </Text>
            <Stack direction={{ base: 'column', md: 'row' }} gap="4">
              <TextField name="name" label="Imię" autoComplete="name" required />
              <TextField name="email" label="Adres e-mail" type="email" autoComplete="email" required />
            </Stack>
            <TextField name="message" label="Wiadomość" multiline rows={6} required />

            <Stack gap="2">
              <HStack gap="3" flexWrap="wrap" align="center">
                <Box aria-live="polite">
                  <CaptchaImage
                    image={captcha?.image}
                    isLoading={captchaLoading}
                    failed={Boolean(captchaError)}
                  />
                </Box>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => void refresh()}
                  disabled={captchaLoading}
                >
                  <RefreshCw aria-hidden="true" />
                  Nowy kod
                </Button>
              </HStack>
              <Box maxWidth="xs">
                <TextField
                  name="captcha"
                  label="Kod zabezpieczający"
                  autoComplete="off"
                  helperText="Przepisz znaki z obrazka powyżej."
                  required
                />
              </Box>
            </Stack>

            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="flex-start"
              loading={isSubmitting}
              loadingText="Wysyłanie..."
            >
              <Send aria-hidden="true" />
              Wyślij wiadomość
            </Button>
          </Stack>
        </AppForm>
      )}
    </Formik>
  );
}
