import type { Role, User, UserUpdate } from '@blog/openapi';
import * as yup from 'yup';
import { optionalEmailRule } from '../../../lib/account-rules.ts';
import { ROLE_OPTIONS } from './user-labels.ts';

export interface UserEditFormValues {
  email: string;
  displayName: string;
  role: Role;
  isActive: boolean;
}

/** The form starts from the account as it is; missing texts become empty fields. */
export function userEditInitialValues(user: User): UserEditFormValues {
  return {
    email: user.email ?? '',
    displayName: user.displayName ?? '',
    role: user.role,
    isActive: user.isActive,
  };
}

export const userEditSchema: yup.ObjectSchema<UserEditFormValues> = yup.object({
  // Accounts may have no address (registered without one, or the first admin): empty stays allowed.
  email: optionalEmailRule(),
  displayName: yup.string().trim().default('').max(100, 'Nazwa wyświetlana może mieć najwyżej 100 znaków'),
  role: yup.mixed<Role>().oneOf(ROLE_OPTIONS).required(),
  isActive: yup.boolean().required(),
});

/** Every editable field is sent; an emptied e-mail or display name becomes null (the contract's „remove”). */
export function buildUserUpdatePayload(values: UserEditFormValues): UserUpdate {
  const email = values.email.trim();
  const displayName = values.displayName.trim();
  return {
    email: email || null,
    displayName: displayName || null,
    role: values.role,
    isActive: values.isActive,
  };
}
