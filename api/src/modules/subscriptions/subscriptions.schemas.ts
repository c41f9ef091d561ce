import {
  subscribeForm,
  subscriptionLimitForm,
  SUBSCRIPTION_MESSAGES,
  unsubscribeLinkForm,
} from '@blog/openapi/rules';
import { z } from 'zod';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

export const subscribeSchema = zodFromForm(subscribeForm);
export const subscriptionLimitSchema = zodFromForm(subscriptionLimitForm);
/** Query of the unsubscribe link; every problem answers the spec's one message. */
export const unsubscribeQuerySchema = zodFromForm(unsubscribeLinkForm);

/** RFC 8058: a mail client's one-click POST carries exactly `List-Unsubscribe=One-Click`. */
export const oneClickBodySchema = z.object(
  { 'List-Unsubscribe': z.literal('One-Click', { error: SUBSCRIPTION_MESSAGES.unsubscribeLink }) },
  { error: SUBSCRIPTION_MESSAGES.unsubscribeLink },
);
