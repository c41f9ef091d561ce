import { EMAIL_MAX_LENGTH } from './accounts.ts';
import { UUID_PATTERN } from './patterns.ts';
import {
  defineForm,
  email,
  maxLength,
  minLength,
  pattern,
  required,
  characters,
  type ApiValues,
  type WebValues,
} from './rule.ts';

export const CONTACT_NAME_MIN_LENGTH = 2;
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const CONTACT_MESSAGES = {
  name: `Imię musi mieć co najmniej ${characters(CONTACT_NAME_MIN_LENGTH)}`,
  nameTooLong: `Imię może mieć najwyżej ${characters(CONTACT_NAME_MAX_LENGTH)}`,
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
    name: {
      type: 'text',
      rules: [
        required(CONTACT_MESSAGES.name),
        minLength(CONTACT_NAME_MIN_LENGTH, CONTACT_MESSAGES.name),
        maxLength(CONTACT_NAME_MAX_LENGTH, CONTACT_MESSAGES.nameTooLong),
      ],
    },
    email: {
      type: 'text',
      rules: [
        required(CONTACT_MESSAGES.email),
        email(CONTACT_MESSAGES.email),
        maxLength(EMAIL_MAX_LENGTH, CONTACT_MESSAGES.email),
      ],
    },
    message: {
      type: 'text',
      lines: 'many',
      rules: [
        required(CONTACT_MESSAGES.message),
        minLength(CONTACT_MESSAGE_MIN_LENGTH, CONTACT_MESSAGES.message),
        maxLength(CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGES.messageTooLong),
      ],
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
      rules: [
        required(CONTACT_MESSAGES.captcha),
        minLength(4, CONTACT_MESSAGES.captcha),
        maxLength(20, 'Nieprawidłowy kod zabezpieczający'),
      ],
    },
  },
});

export type ContactRequest = ApiValues<typeof contactForm>;
export type ContactFormFields = WebValues<typeof contactForm>;
