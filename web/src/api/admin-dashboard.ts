import type { ContactMessage, Subscription } from '@blog/openapi';
import useSWR from 'swr';
import { api, unwrap } from './client.ts';

/*
 * The admin-only lists the dashboard counts (DESIGN.md roles: publishers get 403 for both, so the
 * dashboard asks only when the user is an admin: pass `enabled`).
 */

export const ADMIN_SUBSCRIPTIONS_KEY = 'admin-subscriptions';
export const ADMIN_CONTACT_MESSAGES_KEY = 'admin-contact-messages';

export function useAdminSubscriptionList(enabled: boolean) {
  const { data, error, isLoading } = useSWR<Subscription[], Error>(
    enabled ? ADMIN_SUBSCRIPTIONS_KEY : null,
    () => unwrap(api.GET('/admin/subscriptions')),
  );
  return { subscriptions: data, error, isLoading };
}

/** Messages sent through the contact form, newest first (admin). */
export function useContactMessages(enabled: boolean) {
  const { data, error, isLoading } = useSWR<ContactMessage[], Error>(
    enabled ? ADMIN_CONTACT_MESSAGES_KEY : null,
    () => unwrap(api.GET('/admin/contact-messages')),
  );
  return { messages: data, error, isLoading };
}
