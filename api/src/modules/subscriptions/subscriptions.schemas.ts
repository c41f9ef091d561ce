import {
  CONFIRM_TOKEN_MAX_LENGTH,
  subscribeForm,
  subscriptionLimitForm,
  SUBSCRIPTION_MESSAGES,
  unsubscribeLinkForm,
} from '@blog/shared/rules';
import { z } from 'zod';
import { DOUBLE_OPT_IN_TEXTS } from './double-opt-in.ts';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

export const subscribeSchema = zodFromForm(subscribeForm);
export const subscriptionLimitSchema = zodFromForm(subscriptionLimitForm);
/** Query of the unsubscribe link; every problem answers the one message. */
export const unsubscribeQuerySchema = zodFromForm(unsubscribeLinkForm);

/** RFC 8058: a mail client's one-click POST carries exactly `List-Unsubscribe=One-Click`. */
export const oneClickBodySchema = z.object(
  { 'List-Unsubscribe': z.literal('One-Click', { error: SUBSCRIPTION_MESSAGES.unsubscribeLink }) },
  { error: SUBSCRIPTION_MESSAGES.unsubscribeLink },
);

/**
 * Body of the double opt-in link's call (the token as e-mailed; any problem is the one message). The
 * contract's ConfirmSubscriptionRequest is written from the same length.
 */
export const confirmSubscriptionSchema = z.object(
  {
    token: z
      .string({ error: DOUBLE_OPT_IN_TEXTS.badLink })
      .min(1, DOUBLE_OPT_IN_TEXTS.badLink)
      .max(CONFIRM_TOKEN_MAX_LENGTH, DOUBLE_OPT_IN_TEXTS.badLink),
  },
  { error: DOUBLE_OPT_IN_TEXTS.badLink },
);

export const subscriptionSettingsSchema = z.object({
  doubleOptIn: z.boolean({ error: 'Określ, czy subskrypcje mają wymagać potwierdzenia' }),
});
