import { contactForm } from '@blog/shared/rules';
import type { z } from 'zod';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

/** Contact rules (name ≥ 2, valid e-mail, message ≥ 10, security code ≥ 4), from the shared rules. */
export const contactMessageSchema = zodFromForm(contactForm);

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
