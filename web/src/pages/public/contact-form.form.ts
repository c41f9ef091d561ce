import * as yup from 'yup';
import type { ContactMessage } from '../../api/contact.ts';

export interface ContactFormValues {
  name: string;
  email: string;
  message: string;
  captcha: string;
}

export const contactInitialValues: ContactFormValues = { name: '', email: '', message: '', captcha: '' };

export const CONTACT_MESSAGES = {
  name: 'Imię musi mieć co najmniej 2 znaki',
  email: 'Podaj prawidłowy adres email',
  message: 'Wiadomość musi mieć co najmniej 10 znaków',
  captcha: 'Kod zabezpieczający jest wymagany',
} as const;

export const contactSchema: yup.ObjectSchema<ContactFormValues> = yup.object({
  // Formik turns an empty field into undefined before validating, so `required` carries the same message.
  name: yup.string().trim().required(CONTACT_MESSAGES.name).min(2, CONTACT_MESSAGES.name),
  email: yup.string().trim().required(CONTACT_MESSAGES.email).email(CONTACT_MESSAGES.email),
  message: yup.string().trim().required(CONTACT_MESSAGES.message).min(10, CONTACT_MESSAGES.message),
  // Spec §5: the code has at least 4 characters and its message says it is required.
  captcha: yup.string().trim().required(CONTACT_MESSAGES.captcha).min(4, CONTACT_MESSAGES.captcha),
});

/** The request body: trimmed values plus the id of the security-code image they answer. */
export function buildContactPayload(values: ContactFormValues, captchaId: string): ContactMessage {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    message: values.message.trim(),
    captchaId,
    captcha: values.captcha.trim(),
  };
}
