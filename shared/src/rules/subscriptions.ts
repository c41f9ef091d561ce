import { EMAIL_MAX_LENGTH, requiredEmailRules } from './accounts.ts';
import {
  accepted,
  defineForm,
  email,
  integer,
  max,
  maxLength,
  min,
  required,
  requiredIdRules,
  type FormValues,
} from './rule.ts';

export const SUBSCRIPTION_MESSAGES = {
  email: 'Wprowadź poprawny adres email',
  categoryId: 'Wybierz kategorię',
  consent: 'Musisz wyrazić zgodę na otrzymywanie wiadomości email',
  limit: 'Limit musi być liczbą większą od 0',
  unsubscribeLink: 'Nieprawidłowe parametry w linku anulowania subskrypcji.',
} as const;

const M = SUBSCRIPTION_MESSAGES;

/** The double opt-in link's token (POST /subscribe/confirm) is at most this long. */
export const CONFIRM_TOKEN_MAX_LENGTH = 100;

/** Category subscription. */
export const subscribeForm = defineForm({
  fields: {
    // One subscription per address and category: look-alike spellings of an address are one address.
    email: {
      type: 'text',
      normalize: 'identifier',
      rules: requiredEmailRules(M.email),
    },
    categoryId: { type: 'integer', rules: requiredIdRules(M.categoryId) },
    consent: { type: 'boolean', rules: [required(M.consent), accepted(M.consent)] },
  },
});

/** Daily subscription limit in the settings (at least 1; sent as the typed text). */
export const subscriptionLimitForm = defineForm({
  fields: {
    limit: {
      type: 'integer',
      rules: [required(M.limit), integer(M.limit), min(1, M.limit), max(1_000_000, M.limit)],
    },
  },
});

/** The unsubscribe link's query: both e-mail and category plus the server's signature. */
export const unsubscribeLinkForm = defineForm({
  fields: {
    email: {
      type: 'text',
      rules: [
        required(M.unsubscribeLink),
        email(M.unsubscribeLink),
        maxLength(EMAIL_MAX_LENGTH, M.unsubscribeLink),
      ],
    },
    category: { type: 'integer', rules: requiredIdRules(M.unsubscribeLink) },
    token: { type: 'text', rules: [required(M.unsubscribeLink), maxLength(512, M.unsubscribeLink)] },
  },
});

export type SubscribeValues = FormValues<typeof subscribeForm>;
export type SubscriptionLimitValues = FormValues<typeof subscriptionLimitForm>;
export type UnsubscribeLinkValues = FormValues<typeof unsubscribeLinkForm>;
