import type { AdminPostListItem } from '@blog/shared';
import { Switch } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { togglePostVisibility } from '../../../api/admin-posts.ts';
import { showConfirmation, showError } from '../../../lib/toast.ts';

/**
 * Published ⇄ draft for one row. Disabled for a post without categories (the server would
 * refuse it) and for a post the user may not change.
 */
export function PostPublishSwitch({ post, canManage }: { post: AdminPostListItem; canManage: boolean }) {
  const [busy, setBusy] = useState(false);
  const noCategories = post.categories.length === 0;

  async function toggle() {
    setBusy(true);
    try {
      const result = await togglePostVisibility(post.id);
      showConfirmation(result.published ? 'Post opublikowany' : 'Post przeniesiony do szkiców', post.title);
    } catch (error) {
      showError('Błąd', `Nie udało się zmienić widoczności posta: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Switch.Root
      size="sm"
      colorPalette="green"
      checked={post.published}
      disabled={noCategories || !canManage || busy}
      onCheckedChange={() => void toggle()}
    >
      <Switch.HiddenInput aria-label={`Opublikowany: ${post.title}`} />
      <Switch.Control />
      <Switch.Label fontSize="sm" color="fg.muted">
        {post.published ? 'Opublikowany' : 'Szkic'}
      </Switch.Label>
    </Switch.Root>
  );
}
