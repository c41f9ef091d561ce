import { Skeleton, Stack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

/**
 * The reader's two forms load on demand: formik and yup then stay out of the JavaScript every page
 * downloads first, while the pages themselves remain eager routes.
 */
const CommentFormChunk = lazy(async () => ({ default: (await import('./comment-form.tsx')).CommentForm }));
const ContactFormChunk = lazy(async () => ({ default: (await import('./contact-form.tsx')).ContactForm }));

function FormSkeleton() {
  return (
    <Stack gap="4" aria-busy="true">
      <Skeleton height="10" />
      <Skeleton height="10" />
      <Skeleton height="24" />
    </Stack>
  );
}

export function LazyCommentForm(props: { postId: number; slug: string }) {
  return (
    <Suspense fallback={<FormSkeleton />}>
      <CommentFormChunk {...props} />
    </Suspense>
  );
}

export function LazyContactForm() {
  return (
    <Suspense fallback={<FormSkeleton />}>
      <ContactFormChunk />
    </Suspense>
  );
}
