import { requiredEmailRules } from './accounts.ts';
import { UUID_PATTERN } from './patterns.ts';
import { PERSON_NAME_MIN_LENGTH, PERSON_NAME_TOO_LONG, personNameRules } from './person-name.ts';
import {
  characters,
  defineForm,
  maxLength,
  pattern,
  required,
  requiredLength,
  type ApiValues,
  type WebValues,
} from './rule.ts';

export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const CONTACT_MESSAGES = {
  name: `Imię musi mieć co najmniej ${characters(PERSON_NAME_MIN_LENGTH)}`,
  nameTooLong: PERSON_NAME_TOO_LONG,
  email: 'Podaj prawidłowy adres email',
  message: `Wiadomość musi mieć co najmniej ${characters(CONTACT_MESSAGE_MIN_LENGTH)}`,
  messageTooLong: `Wiadomość może mieć najwyżej ${characters(CONTACT_MESSAGE_MAX_LENGTH)}`,
  // The code has at least 4 characters, and its message says it is required.
  captcha: 'Kod zabezpieczający jest wymagany',
  captchaId: 'Kod zabezpieczający wygasł. Pobierz nowy kod.',
} as const;

/** Contact form (with a security code); the page adds captchaId. */
export const contactForm = defineForm({
  fields: {
    name: { type: 'text', rules: personNameRules(CONTACT_MESSAGES.name) },
    email: { type: 'text', rules: requiredEmailRules(CONTACT_MESSAGES.email) },
    message: {
      type: 'text',
      lines: 'many',
      rules: requiredLength(
        CONTACT_MESSAGE_MIN_LENGTH,
        CONTACT_MESSAGE_MAX_LENGTH,
        CONTACT_MESSAGES.message,
        CONTACT_MESSAGES.messageTooLong,
      ),
    },
    captchaId: {
      type: 'text',
      only: 'api',
      rules: [
        required(CONTACT_MESSAGES.captchaId),
        maxLength(100, CONTACT_MESSAGES.captchaId),
        pattern(UUID_PATTERN, CONTACT_MESSAGES.captchaId),
      ],
    },
    captcha: {
      type: 'text',
      rules: requiredLength(4, 20, CONTACT_MESSAGES.captcha, 'Nieprawidłowy kod zabezpieczający'),
    },
  },
});

export type ContactRequest = ApiValues<typeof contactForm>;
export type ContactFormFields = WebValues<typeof contactForm>;
