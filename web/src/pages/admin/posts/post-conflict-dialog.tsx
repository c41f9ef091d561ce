import type { AdminPost } from '@blog/shared';
import { Button, Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { changedFields, comparableValues, copyMyText, myTextOf } from './post-conflict.ts';
import type { PostEditorValues } from './post.form.ts';

export interface PostConflict {
  /** The copy this editor was opened from. */
  base: AdminPost;
  /** The copy someone else saved since. */
  server: AdminPost;
  /** What this editor tried to save. */
  mine: PostEditorValues;
}

/**
 * A save refused with 409 (someone saved the post meanwhile): what changed on the server, the person's
 * own text (shown and copyable), and the three ways on: overwrite, load the new version, or stay.
 */
export function PostConflictDialog({
  conflict,
  busy,
  onOverwrite,
  onLoadServer,
  onClose,
}: {
  conflict: PostConflict;
  busy: boolean;
  onOverwrite: () => void;
  onLoadServer: () => void;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const onServer = changedFields(conflict.base, conflict.server);
  const mineChanged = changedFields(conflict.base, comparableValues(conflict.mine));
  return (
    <AppDialog
      open
      onClose={onClose}
      title="Ktoś inny zapisał ten post"
      role="alertdialog"
      size="lg"
      busy={busy}
    >
      <Dialog.Body>
        <Stack gap="3">
          <Text>
            Post zapisano na serwerze {formatDateTime(conflict.server.updatedAt)}, gdy go edytowałeś. Twoje
            zmiany nie zostały jeszcze zapisane.
          </Text>
          <Text>
            <strong>Zmienione na serwerze:</strong>{' '}
            {onServer.length > 0 ? onServer.join(', ') : 'nic, co widać w edytorze'}
          </Text>
          <Text>
            <strong>Twoje zmiany:</strong> {mineChanged.length > 0 ? mineChanged.join(', ') : 'brak'}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            „Nadpisz” zapisze Twoją wersję w miejsce tej z serwera. „Wczytaj nową wersję” pokaże wersję z
            serwera, a Twój tekst zostanie obok do skopiowania.
          </Text>
          <Textarea
            aria-label="Twoja wersja"
            readOnly
            rows={8}
            value={myTextOf(conflict.mine)}
            fontFamily="mono"
            fontSize="sm"
          />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Button
          variant="outline"
          onClick={() => {
            copyMyText(conflict.mine).then(
              () => {
                setCopied(true);
                showSuccess('Skopiowano', 'Twoja wersja jest w schowku.');
              },
              () =>
                showError(
                  'Błąd',
                  'Nie udało się skopiować tekstu. Zaznacz go w polu powyżej i skopiuj ręcznie.',
                ),
            );
          }}
        >
          {copied ? 'Skopiowano mój tekst' : 'Skopiuj mój tekst'}
        </Button>
        <Button variant="outline" onClick={onLoadServer} disabled={busy}>
          Wczytaj nową wersję
        </Button>
        <Button colorPalette="red" onClick={onOverwrite} loading={busy} loadingText="Zapisywanie...">
          Nadpisz
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
