import type { Role } from '@blog/shared';
import { Field, List, NativeSelect } from '@chakra-ui/react';
import { useField } from 'formik';
import { ROLE_HELP, ROLE_LABELS, ROLE_OPTIONS } from './user-labels.ts';

/** The role select bound to the surrounding Formik form, with what each role may do. */
export function RoleField({ disabled = false }: { disabled?: boolean }) {
  const [field, meta] = useField<Role>('role');
  return (
    <Field.Root invalid={Boolean(meta.touched && meta.error)} disabled={disabled}>
      <Field.Label>Rola</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...field}>
          {ROLE_OPTIONS.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText asChild>
        <List.Root ps="4" gap="1">
          {ROLE_OPTIONS.map((role) => (
            <List.Item key={role} fontWeight={role === field.value ? 'semibold' : undefined}>
              {ROLE_LABELS[role]}: {ROLE_HELP[role].charAt(0).toLowerCase() + ROLE_HELP[role].slice(1)}
            </List.Item>
          ))}
        </List.Root>
      </Field.HelperText>
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}
