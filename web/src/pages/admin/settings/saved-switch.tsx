import { Button, Stack, Switch } from '@chakra-ui/react';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { failureMessage } from '../../../lib/failure-message.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';

/**
 * A setting's switch and the button that saves it. `save` stores the value and returns the text of
 * the „Ustawienia zapisane” toast; a failure is toasted as „Błąd zapisu”.
 */
export function SavedSwitch({
  enabled,
  label,
  saveLabel,
  save,
}: {
  enabled: boolean;
  label: string;
  saveLabel: string;
  save: (checked: boolean) => Promise<string>;
}) {
  const [checked, setChecked] = useState(enabled);
  const [saving, setSaving] = useState(false);

  async function submit() {
    setSaving(true);
    try {
      showSuccess('Ustawienia zapisane', await save(checked));
    } catch (error) {
      showError('Błąd zapisu', failureMessage('Nie udało się zapisać ustawień', errorMessage(error)));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="4" align="flex-start">
      <Switch.Root
        checked={checked}
        onCheckedChange={(details) => setChecked(details.checked)}
        colorPalette="brand"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
      <Button variant="outline" onClick={() => void submit()} loading={saving} loadingText="Zapisywanie...">
        <Save aria-hidden="true" />
        {saveLabel}
      </Button>
    </Stack>
  );
}
