import type { ContactMessage, Subscription } from '@blog/openapi';
import useSWR from 'swr';
import { api, unwrap } from './client.ts';
import { refetch } from './refresh.ts';

/*
 * The admin-only lists the dashboard counts (docs/roles.md: publishers get 403 for both, so the
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
const fetchContactMessages = () => unwrap(api.GET('/admin/contact-messages'));

export function useContactMessages(enabled: boolean) {
  const { data, error, isLoading } = useSWR<ContactMessage[], Error>(
    enabled ? ADMIN_CONTACT_MESSAGES_KEY : null,
    fetchContactMessages,
  );
  return { messages: data, error, isLoading };
}

/** Deletes one contact message; the dialog's list and the dashboard's count follow. */
export async function deleteContactMessage(id: number): Promise<void> {
  await unwrap(api.DELETE('/admin/contact-messages/{id}', { params: { path: { id } } }));
  await refetch(ADMIN_CONTACT_MESSAGES_KEY, fetchContactMessages);
}
