import { PASSWORD_HINT } from '@blog/shared/rules';
import { TextField } from './text-field.tsx';

/**
 * A new password and its second typing, with the rules as a hint (registration, the reset link,
 * the password change). The browser's password manager sees them as a new password.
 */
export function NewPasswordFields({
  name,
  label,
  confirmLabel,
}: {
  /** The formik field of the new password; the confirmation is always `confirmPassword`. */
  name: string;
  label: string;
  confirmLabel: string;
}) {
  return (
    <>
      <TextField
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        helperText={PASSWORD_HINT}
        required
      />
      <TextField
        name="confirmPassword"
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
