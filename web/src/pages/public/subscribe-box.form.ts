import type { SubscribeRequest } from '@blog/shared';
import { subscribeForm } from '@blog/shared/rules';
import type * as yup from 'yup';
import { yupFromForm } from '../../lib/yup-from-rules.ts';

export interface SubscribeFormValues {
  email: string;
  /** The article's first category: fixed by the page, validated like the other fields. */
  categoryId: number;
  consent: boolean;
}

export function subscribeInitialValues(categoryId: number): SubscribeFormValues {
  return { email: '', categoryId, consent: false };
}

// Rules and the Polish messages come from @blog/shared/rules, shared with the API.
export const subscribeSchema: yup.ObjectSchema<SubscribeFormValues> = yupFromForm(subscribeForm);

/** The request body of a validated form: the trimmed address, the category and the (ticked) consent. */
export function buildSubscribePayload(values: SubscribeFormValues): SubscribeRequest {
  return { email: values.email.trim(), categoryId: values.categoryId, consent: true };
}
