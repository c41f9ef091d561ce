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
