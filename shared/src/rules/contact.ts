import { UUID_PATTERN } from './patterns.ts';
import {
  defineForm,
  email,
  maxLength,
  minLength,
  pattern,
  required,
  type ApiValues,
  type WebValues,
} from './rule.ts';

export const CONTACT_MESSAGES = {
  name: 'Imię musi mieć co najmniej 2 znaki',
  email: 'Podaj prawidłowy adres email',
  message: 'Wiadomość musi mieć co najmniej 10 znaków',
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
        minLength(2, CONTACT_MESSAGES.name),
        maxLength(100, 'Imię może mieć najwyżej 100 znaków'),
      ],
    },
    email: {
      type: 'text',
      rules: [
        required(CONTACT_MESSAGES.email),
        email(CONTACT_MESSAGES.email),
        maxLength(254, CONTACT_MESSAGES.email),
      ],
    },
    message: {
      type: 'text',
      lines: 'many',
      rules: [
        required(CONTACT_MESSAGES.message),
        minLength(10, CONTACT_MESSAGES.message),
        maxLength(5000, 'Wiadomość może mieć najwyżej 5000 znaków'),
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
