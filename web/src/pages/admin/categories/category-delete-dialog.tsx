import type { Category, CategoryDeleteImpact } from '@blog/shared';
import { CATEGORY_ADMIN_ONLY } from '@blog/shared/rules';
import { Alert, Dialog, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { deleteCategory, useCategoryDeleteImpact } from '../../../api/admin-categories.ts';
import { AppDialog, DeleteDialogFooter } from '../../../components/app-dialog.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { pluralPl } from '../../../lib/plural.ts';

/** „1 post straci”, „3 posty stracą”, „5 postów straci”: the count, the noun and the verb agree. */
const postsWill = (count: number, one: string, few: string) =>
  `${count} ${pluralPl(count, 'post', 'posty', 'postów')} ${pluralPl(count, one, few, one)}`;

/** What the delete would do: the posts readers would lose, those left with no category, the subscriptions. */
function ImpactNote({ impact }: { impact: CategoryDeleteImpact }) {
  const loud = impact.vanishingPosts > 0 || impact.subscriptions > 0;
  return (
    <Alert.Root status={loud ? 'warning' : 'info'} borderRadius="lg">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          <Stack gap="1" as="ul" listStyleType="none">
            <li>
              {impact.onlyCategoryPosts === 0
                ? 'Żaden post nie straci swojej jedynej kategorii.'
                : `${postsWill(impact.onlyCategoryPosts, 'straci', 'stracą')} jedyną kategorię.`}
            </li>
            <li>
              {impact.vanishingPosts === 0
                ? 'Żaden opublikowany post nie zniknie z bloga.'
                : `${postsWill(impact.vanishingPosts, 'zniknie', 'znikną')} z bloga.`}
            </li>
            <li>
              {impact.subscriptions === 0
                ? 'Kategoria nie ma subskrypcji.'
                : `Subskrypcje usunięte razem z kategorią: ${impact.subscriptions}.`}
            </li>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The dialog says deletion is irreversible and keeps the category's posts. */
export function CategoryDeleteDialog({
  category,
  onClose,
}: {
  category: Category | null;
  onClose: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const { impact, error } = useCategoryDeleteImpact(category?.id ?? null);
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
          {impact ? (
            <ImpactNote impact={impact} />
          ) : (
            <Text color="fg.muted" aria-live="polite">
              {error ? 'Nie udało się sprawdzić skutków usunięcia.' : 'Sprawdzanie skutków usunięcia...'}
            </Text>
          )}
          {impact?.adminOnly ? (
            // The API would refuse it (403) with the same words; saying so here spares the attempt.
            <Alert.Root status="error" borderRadius="lg">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{CATEGORY_ADMIN_ONLY.delete}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
        </Stack>
      </Dialog.Body>
      <DeleteDialogFooter
        onCancel={onClose}
        onConfirm={confirm}
        deleting={deleting}
        disabled={impact?.adminOnly === true}
      />
    </AppDialog>
  );
}
