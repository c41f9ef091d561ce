import type { CategoryRef, SubscriptionStats } from '@blog/shared';
import { Skeleton, Stack } from '@chakra-ui/react';
import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * The reader's forms (comment, subscribe, contact, sign-in and registration, new password) load on demand: formik and
 * yup then stay out of the JavaScript every page downloads first, while the pages themselves remain eager.
 */

/**
 * A form's chunk. `preload()` fetches it with its page's code (a page that draws the form on the server exports
 * `preloadParts`, routes.tsx), so that the browser hydrates the form in the page's own pass: a boundary still
 * waiting for its chunk while something above it updates is dropped by React for its fallback, with whatever the
 * reader had typed into it. Once loaded, the form renders at once (no suspending, even for a tick).
 * The fields are usable from the first paint; what was typed before the app took over is kept (TextField, AppForm;
 * docs/before-the-script.md).
 */
function lazyForm<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  const pick = async () => (loaded ??= await load());
  const Lazy = lazy(async () => ({ default: await pick() }));
  function FormChunk(props: Props) {
    // Decided once per mount, so the element type never changes under a mounted form.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(FormChunk, { preload: pick });
}

const CommentFormChunk = lazyForm(async () => (await import('./comment-form.tsx')).CommentForm);
const ContactFormChunk = lazyForm(async () => (await import('./contact-form.tsx')).ContactForm);
const SubscribeFormChunk = lazyForm(async () => (await import('./subscribe-form.tsx')).SubscribeForm);

export const preloadContactForm = ContactFormChunk.preload;

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
  onSubscribed: (categoryName: string, pending: boolean) => void;
  onCategoryChange?: (categoryId: number) => void;
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

const AuthPanelChunk = lazyForm(async () => (await import('./auth-panel.tsx')).AuthPanel);
const ResetPasswordFormChunk = lazyForm(
  async () => (await import('./reset-password-form.tsx')).ResetPasswordForm,
);

export const preloadAuthPanel = AuthPanelChunk.preload;
export const preloadResetPasswordForm = ResetPasswordFormChunk.preload;

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
