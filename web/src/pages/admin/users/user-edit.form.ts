import type { Role, User, UserUpdate } from '@blog/shared';
import { userEditForm, type UserEditValues } from '@blog/shared/rules';
import type * as yup from 'yup';
import { yupFromForm } from '../../../lib/yup-from-rules.ts';

/**
 * The shared values with every field present: the form always holds all four, texts as strings
 * (an empty one means „none”).
 */
export interface UserEditFormValues extends Omit<UserEditValues, 'version'> {
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

// Rules and messages come from @blog/shared/rules, shared with the API. Accounts may have no address
// (registered before it was required, or the first admin): an empty e-mail stays allowed.
export const userEditSchema: yup.ObjectSchema<Omit<UserEditValues, 'version'>> = yupFromForm(userEditForm);

/**
 * Every editable field is sent; an emptied e-mail or display name becomes null (the contract's „remove”).
 * `version` is the account's as loaded: a save after someone else's answers 409.
 */
export function buildUserUpdatePayload(values: UserEditFormValues, version: number): UserUpdate {
  const email = values.email.trim();
  const displayName = values.displayName.trim();
  return {
    email: email || null,
    displayName: displayName || null,
    role: values.role,
    isActive: values.isActive,
    version,
  };
}
