import type { SiteSettings } from '@blog/shared';
import { Box, Button, Field, Heading, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { Form, Formik, useField } from 'formik';
import { Save } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { fetchCurrentSiteSettings, saveSiteSettings, showSiteSettings } from '../../../api/admin-settings.ts';
import { ApiError, errorMessage } from '../../../api/api-error.ts';
import { ServerHtml } from '../../../components/server-html.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';
import {
  buildSiteSettingsPayload,
  generalSettingsInitialValues,
  generalSettingsSchema,
  type GeneralSettingsFormValues,
} from './general-settings.form.ts';
import { type SettingsConflict, SettingsConflictAlert } from './settings-conflict-alert.tsx';

// The post editor's own TipTap editor (its lazy chunk), so the About page is written like a post.
const RichTextEditor = lazy(async () => ({
  default: (await import('../editor/rich-text-editor.tsx')).RichTextEditor,
}));

function SettingSwitch({
  name,
  label,
}: {
  name: 'commentsEnabled' | 'commentsRequireApproval';
  label: string;
}) {
  const [field, , helpers] = useField<boolean>(name);
  return (
    <Switch.Root
      checked={field.value}
      onCheckedChange={(details) => void helpers.setValue(details.checked)}
      colorPalette="brand"
    >
      <Switch.HiddenInput name={name} onBlur={field.onBlur} />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}

/** The comments switch and, beside it, the approval queue (off: comments are public at once). */
function CommentsSwitches() {
  return (
    <Stack gap="2">
      <SettingSwitch name="commentsEnabled" label="Komentarze włączone" />
      <SettingSwitch name="commentsRequireApproval" label="Komentarze czekają na zatwierdzenie" />
      <Text fontSize="sm" color="fg.muted">
        Gdy zatwierdzanie jest włączone, nowy komentarz pojawia się pod artykułem dopiero po zatwierdzeniu w
        „Komentarzach” (filtr „Oczekujące”).
      </Text>
    </Stack>
  );
}

/**
 * The About page, written in the same rich-text editor as posts; the server sanitizes it with the
 * editor's allow-list and the preview shows the saved, sanitized result.
 */
function AboutPageField({ saved }: { saved: string }) {
  const [field, meta, helpers] = useField<string>('aboutPageContent');
  const invalid = Boolean(meta.touched && meta.error);
  const labelId = useId();
  const errorId = useId();
  return (
    <Stack gap="3">
      <Field.Root invalid={invalid}>
        <Field.Label id={labelId}>Treść strony O Blogu</Field.Label>
        <Suspense fallback={<Skeleton height="300px" width="100%" borderRadius="md" />}>
          <RichTextEditor
            initialHtml={field.value}
            labelId={labelId}
            describedById={invalid ? errorId : undefined}
            invalid={invalid}
            onChange={(html) => void helpers.setValue(html)}
            onBlur={() => void helpers.setTouched(true)}
          />
        </Suspense>
        <Field.HelperText>Puste pole przywraca domyślny tekst.</Field.HelperText>
        <Field.ErrorText id={errorId}>{meta.error}</Field.ErrorText>
      </Field.Root>
      <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
        <Text fontSize="sm" fontWeight="semibold" mb="2" id="about-preview-title">
          Podgląd zapisanej treści
        </Text>
        {saved.trim() ? (
          <ServerHtml html={saved} aria-labelledby="about-preview-title" />
        ) : (
          <Text color="fg.muted">Strona O Blogu pokazuje domyślny tekst.</Text>
        )}
      </Box>
    </Stack>
  );
}

/**
 * Settings → Ogólne: the 'Nie klikaj tu!' address, description, comments switch and About page. A save
 * sends the version the form was opened at; when someone saved meanwhile, the refusal keeps the form
 * as typed and offers to overwrite or to load their version. The form reopens on every saved version.
 */
export function GeneralSettingsTab({ settings }: { settings: SiteSettings }) {
  const [conflict, setConflict] = useState<SettingsConflict | null>(null);
  const save = async (values: GeneralSettingsFormValues, version: number) => {
    try {
      await saveSiteSettings(buildSiteSettingsPayload(values, version));
      setConflict(null);
      showSuccess('Ustawienia zapisane');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict({ base: settings, server: await fetchCurrentSiteSettings() });
        return;
      }
      showError('Błąd zapisu', errorMessage(error) || 'Nie udało się zapisać ustawień.');
    }
  };
  const loadServer = async (server: SiteSettings) => {
    setConflict(null);
    await showSiteSettings(server);
  };
  return (
    <Formik
      key={settings.version}
      initialValues={generalSettingsInitialValues(settings)}
      validationSchema={generalSettingsSchema}
      onSubmit={(values) => save(values, settings.version)}
    >
      {({ isSubmitting, values }) => (
        <Form noValidate>
          <Stack gap="6" maxW="3xl">
            <Heading as="h2" fontSize="xl">
              Ustawienia ogólne
            </Heading>
            <TextField
              name="titleLink"
              label="Link w tytule bloga"
              helperText="Adres linków „Nie klikaj tu!” (http://, https:// albo ścieżka zaczynająca się od /)."
            />
            <TextField name="blogDescription" label="Opis bloga" multiline rows={3} />
            <CommentsSwitches />
            <AboutPageField saved={settings.aboutPageContent} />
            {conflict && (
              <SettingsConflictAlert
                conflict={conflict}
                onOverwrite={() => save(values, conflict.server.version)}
                onLoadServer={() => loadServer(conflict.server)}
              />
            )}
            <Box>
              <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Zapisywanie...">
                <Save aria-hidden="true" />
                Zapisz ustawienia
              </Button>
            </Box>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
