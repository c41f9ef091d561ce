import type { BulkPostsRequest } from '@blog/shared';
import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { bulkPosts } from '../../../api/admin-posts.ts';
import { failureMessage } from '../../../lib/failure-message.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';

type Action = BulkPostsRequest['action'];

const LABELS: Record<Action, string> = {
  publish: 'Opublikuj',
  unpublish: 'Cofnij publikację',
  delete: 'Usuń',
};

/** Asked before a bulk delete, as the single delete asks. */
export const bulkDeleteQuestion = (count: number) =>
  `Czy na pewno chcesz usunąć zaznaczone posty (${count})? Tej operacji nie można cofnąć.`;

/** What to do with the posts ticked on this page; the server reports each post's outcome. */
export function PostsBulkBar({ posts, onDone }: { posts: BulkPostsRequest['posts']; onDone: () => void }) {
  const [busy, setBusy] = useState<Action | null>(null);
  if (posts.length === 0) return null;

  async function run(action: Action) {
    if (action === 'delete' && !window.confirm(bulkDeleteQuestion(posts.length))) return;
    setBusy(action);
    try {
      const result = await bulkPosts({ action, posts });
      const refused = result.results.filter((outcome) => !outcome.ok);
      if (refused.length === 0) showSuccess(result.message);
      else
        showError(result.message, refused.map((outcome) => `#${outcome.id}: ${outcome.message}`).join(' '));
      onDone();
    } catch (failure) {
      showError('Wystąpił błąd', failureMessage('Nie udało się wykonać akcji', errorMessage(failure)));
    } finally {
      setBusy(null);
    }
  }

  return (
    <HStack
      role="region"
      aria-label="Akcje dla zaznaczonych postów"
      gap="2"
      flexWrap="wrap"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      px="4"
      py="2"
      bg="bg.subtle"
    >
      <Text fontSize="sm" fontWeight="medium" me="auto" aria-live="polite">
        Zaznaczono: {posts.length}
      </Text>
      {(Object.keys(LABELS) as Action[]).map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'delete' ? 'solid' : 'outline'}
          colorPalette={action === 'delete' ? 'red' : undefined}
          loading={busy === action}
          disabled={busy !== null}
          onClick={() => void run(action)}
        >
          {LABELS[action]}
        </Button>
      ))}
    </HStack>
  );
}
