import type { User } from '@blog/shared';
import { Dialog, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { deleteUser } from '../../../api/users.ts';
import { AppDialog, DeleteDialogFooter } from '../../../components/app-dialog.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';

/** Deletion is irreversible and takes the user's posts with it (the database cascades): say both first. */
export function UserDeleteDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;
  const target = user;

  async function confirm() {
    setDeleting(true);
    try {
      await deleteUser(target.id);
      showSuccess('Użytkownik usunięty', `Konto ${target.username} zostało usunięte.`);
      onClose();
    } catch (error) {
      showError('Błąd podczas usuwania użytkownika', errorMessage(error));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <AppDialog open onClose={onClose} title="Usuń użytkownika" role="alertdialog" busy={deleting}>
      <Dialog.Body>
        <Stack gap="3">
          <Text>
            Czy na pewno chcesz usunąć użytkownika <strong>{target.username}</strong>?
          </Text>
          <Text>
            Tej operacji nie można cofnąć. Wszystkie posty tego użytkownika również zostaną trwale usunięte.
          </Text>
        </Stack>
      </Dialog.Body>
      <DeleteDialogFooter onCancel={onClose} onConfirm={confirm} deleting={deleting} />
    </AppDialog>
  );
}
