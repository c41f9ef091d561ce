import type { Category } from '@blog/openapi';
import { Dialog, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { deleteCategory } from '../../../api/admin-categories.ts';
import { AppDialog, DeleteDialogFooter } from '../../../components/app-dialog.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';

/** Spec §2: the dialog says deletion is irreversible and keeps the category's posts. */
export function CategoryDeleteDialog({
  category,
  onClose,
}: {
  category: Category | null;
  onClose: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  if (!category) return null;
  const target = category;

  async function confirm() {
    setDeleting(true);
    try {
      await deleteCategory(target.id);
      showSuccess('Kategoria usunięta', `Usunięto kategorię „${target.name}”.`);
      onClose();
    } catch (error) {
      showError('Błąd', `Nie udało się usunąć kategorii: ${errorMessage(error)}`);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <AppDialog open onClose={onClose} title="Usuń kategorię" role="alertdialog" busy={deleting}>
      <Dialog.Body>
        <Stack gap="3">
          <Text>
            Czy na pewno chcesz usunąć kategorię <strong>{target.name}</strong>?
          </Text>
          <Text>Tej operacji nie można cofnąć. Posty przypisane do tej kategorii nie zostaną usunięte.</Text>
        </Stack>
      </Dialog.Body>
      <DeleteDialogFooter onCancel={onClose} onConfirm={confirm} deleting={deleting} />
    </AppDialog>
  );
}
