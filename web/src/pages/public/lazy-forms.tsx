import type { CategoryRef, SubscriptionStats } from '@blog/openapi';
import { chakra, Skeleton, Stack } from '@chakra-ui/react';
import { type ComponentType, lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * The reader's forms (comment, subscribe, contact, sign-in and registration, new password) load on demand: formik and
 * yup then stay out of the JavaScript every page downloads first, while the pages themselves remain eager.
 */

/**
 * A form's chunk, drawn with every field disabled until React owns it: text typed into a server-drawn field before
 * hydration would be reset by it (and the form is sent by the app anyway). The switch lives inside the chunk: an
 * update above a boundary still waiting for its chunk would make React drop the server's markup for the fallback.
 * A disabled fieldset disables every control inside it, in whichever form; `contents` keeps the layout as it is.
 */
function lazyForm<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    const Form = await load();
    function InteractiveForm(props: Props) {
      const hydrated = useHydrated();
      return (
        <chakra.fieldset disabled={!hydrated} display="contents">
          <Form {...props} />
        </chakra.fieldset>
      );
    }
    return { default: InteractiveForm };
  });
}

const CommentFormChunk = lazyForm(async () => (await import('./comment-form.tsx')).CommentForm);
const ContactFormChunk = lazyForm(async () => (await import('./contact-form.tsx')).ContactForm);
const SubscribeFormChunk = lazyForm(async () => (await import('./subscribe-form.tsx')).SubscribeForm);

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
