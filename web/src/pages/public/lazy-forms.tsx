import { Skeleton, Stack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

/**
 * The reader's forms (comment, contact, sign-in and registration, new password) load on demand: formik and
 * yup then stay out of the JavaScript every page downloads first, while the pages themselves remain eager.
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

const AuthPanelChunk = lazy(async () => ({ default: (await import('./auth-panel.tsx')).AuthPanel }));
const ResetPasswordFormChunk = lazy(async () => ({
  default: (await import('./reset-password-form.tsx')).ResetPasswordForm,
}));

export function LazyAuthPanel() {
  return (
    <Suspense fallback={<FormSkeleton />}>
      <AuthPanelChunk />
    </Suspense>
  );
}

export function LazyResetPasswordForm(props: { token: string }) {
  return (
    <Suspense fallback={<FormSkeleton />}>
      <ResetPasswordFormChunk {...props} />
    </Suspense>
  );
}
