import { COMMENT_TEXTS } from '@blog/shared/messages';
import { Dialog, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { bulkDeleteComments, deleteComment } from '../../../api/admin-comments.ts';
import { AppDialog, DeleteDialogFooter } from '../../../components/app-dialog.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';

/** What to delete: one comment, or several at once (one call, one transaction on the server). */
export type CommentDeletion =
  /** `reject`: a comment waiting for approval; rejecting deletes it (readers never saw it). */
  { kind: 'one'; id: number; author: string; reject?: boolean } | { kind: 'many'; ids: number[] };

/** Confirmation before deleting comments, with its success and failure toasts. */
export function CommentDeleteDialog({
  deletion,
  onClose,
  onDeleted,
  failureText,
}: {
  deletion: CommentDeletion | null;
  onClose: () => void;
  onDeleted?: (ids: number[]) => void;
  /** The dashboard's own failure text instead of the comments screen's. */
  failureText?: string;
}) {
  const [deleting, setDeleting] = useState(false);
  if (!deletion) return null;
  const target = deletion;

  async function confirm() {
    setDeleting(true);
    try {
      if (target.kind === 'one') {
        await deleteComment(target.id);
        showSuccess(target.reject ? 'Komentarz został odrzucony' : COMMENT_TEXTS.deleted);
        onDeleted?.([target.id]);
      } else {
        const result = await bulkDeleteComments(target.ids);
        showSuccess(COMMENT_TEXTS.bulkDeleted, `Usunięto komentarzy: ${result.deleted}.`);
        onDeleted?.(target.ids);
      }
      onClose();
    } catch (error) {
      if (failureText) {
        showError(failureText, errorMessage(error));
        return;
      }
      showError(
        target.kind === 'one' ? 'Błąd podczas usuwania komentarza' : 'Błąd podczas usuwania komentarzy',
        errorMessage(error),
      );
    } finally {
      setDeleting(false);
    }
  }

  return (
    <AppDialog
      open
      onClose={onClose}
      title={
        target.kind === 'many'
          ? 'Usuń zaznaczone komentarze'
          : target.reject
            ? 'Odrzuć komentarz'
            : 'Usuń komentarz'
      }
      role="alertdialog"
      busy={deleting}
    >
      <Dialog.Body>
        <Text>
          {target.kind === 'one'
            ? target.reject
              ? `Czy na pewno chcesz odrzucić komentarz autora ${target.author}? Komentarz zostanie usunięty i nie pojawi się pod artykułem. Tej operacji nie można cofnąć.`
              : `Czy na pewno chcesz usunąć komentarz autora ${target.author}? Tej operacji nie można cofnąć.`
            : `Czy na pewno chcesz usunąć zaznaczone komentarze (${target.ids.length})? Tej operacji nie można cofnąć.`}
        </Text>
      </Dialog.Body>
      <DeleteDialogFooter onCancel={onClose} onConfirm={confirm} deleting={deleting} />
    </AppDialog>
  );
}
