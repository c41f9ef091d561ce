import type { CategoryRef, SubscriptionStats } from '@blog/openapi';
import { Skeleton, Stack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

/**
 * The reader's forms (comment, subscribe, contact, sign-in and registration, new password) load on demand: formik and
 * yup then stay out of the JavaScript every page downloads first, while the pages themselves remain eager.
 */
const CommentFormChunk = lazy(async () => ({ default: (await import('./comment-form.tsx')).CommentForm }));
const ContactFormChunk = lazy(async () => ({ default: (await import('./contact-form.tsx')).ContactForm }));
const SubscribeFormChunk = lazy(async () => ({
  default: (await import('./subscribe-form.tsx')).SubscribeForm,
}));

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

export function LazySubscribeForm(props: {
  categories: readonly CategoryRef[];
  onSubscribed: (categoryName: string) => void;
}) {
  return (
    <Suspense fallback={<FormSkeleton />}>
      <SubscribeFormChunk {...props} />
    </Suspense>
  );
}

// Only shown once the day's cap is reached, so its progress bar stays out of the first download too.
const SubscriptionsBlockedViewChunk = lazy(async () => ({
  default: (await import('./subscriptions-blocked-view.tsx')).SubscriptionsBlockedView,
}));

export function LazySubscriptionsBlockedView(props: { stats: SubscriptionStats }) {
  return (
    <Suspense fallback={<FormSkeleton />}>
      <SubscriptionsBlockedViewChunk {...props} />
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
