import { LOG_TEXTS } from '@blog/shared/messages';
import type { LogType } from '@blog/shared';
import { Button, Dialog, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { clearLogs } from '../../../api/logs.ts';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { LOG_TAB_LABELS } from './log-tabs.ts';

interface ClearLogsDialogProps {
  type: LogType | null;
  onClose: () => void;
  onCleared: () => void;
}

/** Confirms before emptying one log; the other logs stay. */
export function ClearLogsDialog({ type, onClose, onCleared }: ClearLogsDialogProps) {
  const [clearing, setClearing] = useState(false);
  if (!type) return null;
  const target = type;

  async function confirm() {
    setClearing(true);
    try {
      await clearLogs(target);
      showSuccess(LOG_TEXTS.cleared);
      onCleared();
      onClose();
    } catch (error) {
      showError('Błąd', `Nie udało się wyczyścić logów: ${errorMessage(error)}`);
    } finally {
      setClearing(false);
    }
  }

  return (
    <AppDialog open onClose={onClose} title="Wyczyść logi" role="alertdialog" busy={clearing}>
      <Dialog.Body>
        <Text>
          Czy na pewno chcesz usunąć wszystkie wpisy z logu <strong>{LOG_TAB_LABELS[target]}</strong>? Tej
          operacji nie można cofnąć.
        </Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={clearing}>
          Anuluj
        </Button>
        <Button
          colorPalette="red"
          onClick={() => void confirm()}
          loading={clearing}
          loadingText="Czyszczenie..."
        >
          Wyczyść
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
