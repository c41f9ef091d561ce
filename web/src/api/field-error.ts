import { ApiError } from './api-error.ts';

/**
 * The form field a validation answer points at (`{ error, message, field }`), when it is one of `fields`:
 * such a message belongs under that field rather than only in a toast.
 */
export function serverFieldError<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string } | null {
  if (!(error instanceof ApiError) || !error.body?.field) return null;
  const field = fields.find((name) => name === error.body?.field);
  return field ? { field, message: error.body.message } : null;
}

/**
 * The fields a request body (a contract schema) and its form have in common: those a validation answer can
 * name and the form can show under the field.
 */
export type FormFieldsOf<Body, Values> = Extract<keyof Body, keyof Values> & string;

/**
 * The list of a form's server fields, written as a record typed `Record<FormFieldsOf<Body, Values>, true>`:
 * the compiler then asks for every field the contract and the form share and refuses any other, so a field
 * added to (or dropped from) the contract's schema fails the typecheck until the list follows.
 */
export const serverFields = <F extends string>(fields: Record<F, true>): readonly F[] =>
  Object.keys(fields) as F[];
