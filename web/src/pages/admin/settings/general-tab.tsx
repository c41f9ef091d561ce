import type { SiteSettings } from '@blog/shared';
import { Box, Button, Field, Heading, Spinner, Stack, Switch, Text } from '@chakra-ui/react';
import { Form, FormikProvider, useField, useFormik } from 'formik';
import { Save } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useId, useState } from 'react';
import { fetchCurrentSiteSettings, saveSiteSettings, showSiteSettings } from '../../../api/admin-settings.ts';
import { ApiError, errorMessage } from '../../../api/api-error.ts';
import { siteSettingsWithDefaults } from '../../../api/site-settings.ts';
import { ServerHtml } from '../../../components/server-html.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';
import {
  buildSiteSettingsPayload,
  generalSettingsInitialValues,
  generalSettingsSchema,
  type GeneralSettingsFormValues,
} from './general-settings.form.ts';
import { changedSettings } from './settings-conflict.ts';
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
        <RichTextEditor
          initialHtml={field.value}
          labelId={labelId}
          describedById={invalid ? errorId : undefined}
          invalid={invalid}
          onChange={(html) => void helpers.setValue(html())}
          onBlur={() => void helpers.setTouched(true)}
        />
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
 * as typed and offers to overwrite or to load their version.
 *
 * The form stays mounted for the life of the tab: newer settings arriving from elsewhere (a read in the
 * background, another screen's save in this tab) are taken in only while nothing typed is unsaved. A form
 * with typed input keeps it, and its version, so a save meets the conflict alert instead of the typing
 * being replaced under the person's hands. A save of its own, or „Wczytaj nową wersję”, takes the new copy.
 */
export function GeneralSettingsTab({ settings }: { settings: SiteSettings }) {
  // The copy the form was opened from (or last took in): its version goes with a save.
  const [base, setBase] = useState(settings);
  // Bumped when the About page's text is replaced: its editor reads its HTML only when it starts.
  const [aboutEditor, setAboutEditor] = useState(0);
  const [conflict, setConflict] = useState<SettingsConflict | null>(null);

  const save = async (values: GeneralSettingsFormValues, version: number, retry = true): Promise<void> => {
    try {
      const saved = await saveSiteSettings(buildSiteSettingsPayload(values, version));
      setConflict(null);
      takeIn(siteSettingsWithDefaults(saved));
      showSuccess('Ustawienia zapisane');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const server = await fetchCurrentSiteSettings();
        // A newer version that changed nothing the form shows (a read that came from before the last
        // save, a save of the same values) is no conflict: saved again on it, once.
        if (retry && changedSettings(base, siteSettingsWithDefaults(server)).length === 0) {
          return save(values, server.version, false);
        }
        setConflict({ base, server });
        return;
      }
      showError('Błąd zapisu', errorMessage(error) || 'Nie udało się zapisać ustawień.');
    }
  };
  const form = useFormik({
    initialValues: generalSettingsInitialValues(settings),
    validationSchema: generalSettingsSchema,
    onSubmit: (values) => save(values, base.version),
  });
  const { dirty, isSubmitting, resetForm, values } = form;

  /** Makes `next` the form's copy: its values in the same fields (nothing remounts but the About editor). */
  function takeIn(next: SiteSettings) {
    setBase(next);
    const nextValues = generalSettingsInitialValues(next);
    if (nextValues.aboutPageContent !== form.values.aboutPageContent) setAboutEditor((count) => count + 1);
    resetForm({ values: nextValues });
  }
  const follow = useEffectEvent((next: SiteSettings) => {
    if (next.version !== base.version && !dirty && !isSubmitting && !conflict) takeIn(next);
  });
  useEffect(() => follow(settings), [settings, dirty, isSubmitting, conflict]);

  const loadServer = async (server: SiteSettings) => {
    setConflict(null);
    takeIn(siteSettingsWithDefaults(server));
    await showSiteSettings(server);
  };
  // The whole form waits for the editor's chunk (Suspense here, not around the editor): had the fields
  // shown first, the editor arriving under them would push the Save button away mid-click.
  return (
    <Suspense
      fallback={
        <Stack align="center" py="16" aria-busy="true">
          <Spinner size="lg" aria-label="Ładowanie ustawień..." />
        </Stack>
      }
    >
      <FormikProvider value={form}>
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
            <AboutPageField key={aboutEditor} saved={settings.aboutPageContent} />
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
      </FormikProvider>
    </Suspense>
  );
}
