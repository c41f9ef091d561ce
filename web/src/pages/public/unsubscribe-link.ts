import { checkForm, SUBSCRIPTION_MESSAGES, unsubscribeLinkForm } from '@blog/shared/rules';
import { ApiError } from '../../api/api-error.ts';

export interface UnsubscribeLink {
  email: string;
  category: number;
  token: string;
}

/** The link needs both the address and the category (and, with us, the server's signature). */
export const INVALID_LINK_MESSAGE = SUBSCRIPTION_MESSAGES.unsubscribeLink;
export const UNEXPECTED_ERROR_MESSAGE = 'Wystąpił nieoczekiwany błąd podczas anulowania subskrypcji.';

/** The link's parameters checked by the shared rules, or null when one is missing or malformed. */
export function parseUnsubscribeLink(params: URLSearchParams): UnsubscribeLink | null {
  const { values, errors } = checkForm(unsubscribeLinkForm, {
    email: params.get('email') ?? undefined,
    category: params.get('category') ?? undefined,
    token: params.get('token') ?? undefined,
  });
  if (Object.keys(errors).length > 0) return null;
  return values as unknown as UnsubscribeLink;
}

/**
 * The server's error text when it sent one; an answer without one names the category; anything
 * else (no answer at all, a bug) is the „unexpected” text.
 */
export function unsubscribeErrorMessage(
  error: unknown,
  link: UnsubscribeLink,
  categoryName?: string,
): string {
  if (!(error instanceof ApiError) || error.status === 0) return UNEXPECTED_ERROR_MESSAGE;
  if (error.body?.message) return error.body.message;
  return `Wystąpił błąd podczas anulowania subskrypcji dla kategorii ${categoryName ?? `nr ${link.category}`}.`;
}
