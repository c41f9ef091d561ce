import type { UserCreate } from '@blog/shared';
import { DEFAULT_ROLE, userCreateForm, type UserCreateValues } from '@blog/shared/rules';
import type * as yup from 'yup';
import { yupFromForm } from '../../../lib/yup-from-rules.ts';

export type UserCreateFormValues = UserCreateValues;

export const userCreateInitialValues: UserCreateFormValues = {
  username: '',
  email: '',
  displayName: '',
  role: DEFAULT_ROLE,
};

// Rules and messages come from @blog/shared/rules, shared with the API.
export const userCreateSchema: yup.ObjectSchema<UserCreateFormValues> = yupFromForm(userCreateForm);

/** Trimmed values; an empty display name is left out (the account then has none). */
export function buildUserCreatePayload(values: UserCreateFormValues): UserCreate {
  const displayName = values.displayName?.trim();
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    ...(displayName ? { displayName } : {}),
    role: values.role,
  };
}
