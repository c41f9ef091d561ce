import type { ContactMessage } from '@blog/shared';
import useSWR from 'swr';
import { api, unwrap } from './client.ts';
import { refetch } from './refresh.ts';
import { useAdminSubscriptions } from './subscriptions.ts';

/*
 * The admin-only lists the dashboard counts (docs/roles.md: publishers get 403 for both, so the
 * dashboard asks only when the user is an admin: pass `enabled`).
 */

export const ADMIN_CONTACT_MESSAGES_KEY = 'admin-contact-messages';

/**
 * „Subskrybenci”: how many subscriptions are active, from the list's total (one row travels). The
 * server counts a page of one item exactly, past its 10,000 cap too (the contract's
 * AdminSubscriptionPage.totalExact): the dashboard shows a number, so it must be the number.
 */
export function useActiveSubscriptionCount(enabled: boolean) {
  const { page, error, isLoading } = useAdminSubscriptions({ status: 'active', limit: 1 }, enabled);
  return { count: page?.total, error, isLoading };
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
