import type { AnySchema } from 'yup';
import { ValidationError } from 'yup';

/** The message a schema gives for one field of `values`, or null when that field is valid. */
export async function fieldError(
  schema: Pick<AnySchema, 'validateAt'>,
  values: object,
  field: string,
): Promise<string | null> {
  try {
    await schema.validateAt(field, values);
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}
