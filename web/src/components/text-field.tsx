import { Field, Input, Textarea } from '@chakra-ui/react';
import { useField } from 'formik';
import { type ReactNode, useRef } from 'react';
import { useTypedBeforeTheApp } from '../lib/typed-before-the-app.ts';
import '../theme/more-recipes.ts';

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  autoComplete?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

/**
 * A labelled text input bound to the surrounding Formik form, with its yup message under it. The label is
 * the plain text (no „*” marker) so the field's accessible name is exactly `label`; forms say in one line
 * that every field is required, and set noValidate so the yup messages, not the browser's, are shown.
 */
export function TextField({
  name,
  label,
  type = 'text',
  multiline = false,
  rows = 5,
  placeholder,
  autoComplete,
  helperText,
  required = false,
  disabled = false,
}: TextFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  // A server-drawn form takes text from the first paint; the form starts from what was typed.
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useTypedBeforeTheApp(input, field.value, (typed) => void helpers.setValue(typed, false));
  return (
    <Field.Root invalid={invalid} required={required} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      {multiline ? (
        <Textarea
          ref={input}
          {...field}
          rows={rows}
          placeholder={placeholder}
          autoresize={false}
          resize="vertical"
        />
      ) : (
        <Input ref={input} {...field} type={type} placeholder={placeholder} autoComplete={autoComplete} />
      )}
      {helperText && !invalid && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}
