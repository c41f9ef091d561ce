import type { Role, UserCreate } from '@blog/openapi';
import * as yup from 'yup';
import { requiredEmailRule, usernameRule } from '../../../lib/account-rules.ts';
import { ROLE_OPTIONS } from './user-labels.ts';

export interface UserCreateFormValues {
  username: string;
  email: string;
  displayName: string;
  role: Role;
}

export const userCreateInitialValues: UserCreateFormValues = {
  username: '',
  email: '',
  displayName: '',
  role: 'subscriber',
};

export const userCreateSchema: yup.ObjectSchema<UserCreateFormValues> = yup.object({
  username: usernameRule(),
  email: requiredEmailRule(),
  displayName: yup.string().trim().default('').max(100, 'Nazwa wyświetlana może mieć najwyżej 100 znaków'),
  role: yup.mixed<Role>().oneOf(ROLE_OPTIONS).required().default('subscriber'),
});

/** Trimmed values; an empty display name is left out (the account then has none). */
export function buildUserCreatePayload(values: UserCreateFormValues): UserCreate {
  const displayName = values.displayName.trim();
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    ...(displayName ? { displayName } : {}),
    role: values.role,
  };
}
