import { subscriptionLimitForm } from '@blog/shared/rules';
import type * as yup from 'yup';
import { yupFromForm } from '../../../lib/yup-from-rules.ts';

export const subscriptionLimitSchema: yup.AnyObjectSchema = yupFromForm(subscriptionLimitForm);

/** What an invalid limit shows, instead of making a call. */
export const INVALID_LIMIT_TITLE = 'Nieprawidłowa wartość';

export type LimitCheck = { ok: true; limit: string } | { ok: false; message: string };

/**
 * Checks the typed limit with the shared rules (a whole number of at least 1). A valid value is sent as
 * the typed text, trimmed; an invalid one carries the rule's message for the toast.
 */
export function checkSubscriptionLimit(typed: string): LimitCheck {
  try {
    subscriptionLimitSchema.validateSync({ limit: typed });
    return { ok: true, limit: typed.trim() };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
