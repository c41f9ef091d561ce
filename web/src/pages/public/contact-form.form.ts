import { contactForm } from '@blog/shared/rules';
import type * as yup from 'yup';
import type { ContactMessage } from '../../api/contact.ts';
import { yupFromForm } from '../../lib/yup-from-rules.ts';

export interface ContactFormValues {
  name: string;
  email: string;
  message: string;
  captcha: string;
}

export const contactInitialValues: ContactFormValues = { name: '', email: '', message: '', captcha: '' };

// Rules and messages come from @blog/shared/rules, shared with the API.
export const contactSchema: yup.ObjectSchema<ContactFormValues> = yupFromForm(contactForm);

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
