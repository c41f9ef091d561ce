import { Dialog, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { deletePost } from '../../../api/admin-posts.ts';
import { AppDialog, DeleteDialogFooter } from '../../../components/app-dialog.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';

export interface PostToDelete {
  id: number;
  title: string;
}

/** Deleting a post needs confirmation; it takes the post's comments with it. */
export function PostDeleteDialog({ post, onClose }: { post: PostToDelete | null; onClose: () => void }) {
  const [deleting, setDeleting] = useState(false);
  if (!post) return null;
  const target = post;

  async function confirm() {
    setDeleting(true);
    try {
      await deletePost(target.id);
      showSuccess('Post usunięty', `Post „${target.title}” został usunięty.`);
      onClose();
    } catch (error) {
      showError('Błąd', `Nie udało się usunąć posta: ${errorMessage(error)}`);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <AppDialog open onClose={onClose} title="Usuń post" role="alertdialog" busy={deleting}>
      <Dialog.Body>
        <Stack gap="3">
          <Text>
            Czy na pewno chcesz usunąć post <strong>{target.title}</strong>?
          </Text>
          <Text>Tej operacji nie można cofnąć. Komentarze do tego posta również zostaną usunięte.</Text>
        </Stack>
      </Dialog.Body>
      <DeleteDialogFooter onCancel={onClose} onConfirm={confirm} deleting={deleting} />
    </AppDialog>
  );
}
