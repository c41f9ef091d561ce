import { ADMIN_PAGES } from '@blog/shared/addresses';
import { Button } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { Link as RouterLink } from 'react-router';
import type { PostEditorValues } from './post.form.ts';

/**
 * The editor's save and „Anuluj” pair: in the side column, and again in the bar at the bottom of a
 * phone's screen. `title` is the side column's Ctrl+S hint (a phone has no keyboard to hint at).
 */
export function PostSaveButtons({ submitLabel, title }: { submitLabel: string; title?: string }) {
  const { isSubmitting } = useFormikContext<PostEditorValues>();
  return (
    <>
      <Button
        type="submit"
        colorPalette="brand"
        loading={isSubmitting}
        loadingText="Zapisywanie..."
        flex="1"
        aria-keyshortcuts="Control+S Meta+S"
        title={title}
      >
        {submitLabel}
      </Button>
      <Button asChild variant="outline" disabled={isSubmitting}>
        <RouterLink to={ADMIN_PAGES.posts}>Anuluj</RouterLink>
      </Button>
    </>
  );
}
