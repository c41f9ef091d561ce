import { checkField, fieldNames, type ApiValues, type Form, type FormValues } from '@blog/shared/rules';
import { z } from 'zod';

/** The body is not a JSON object at all, so no field can be named. */
const NOT_AN_OBJECT = 'Nieprawidłowe dane wejściowe.';

/**
 * A zod schema for a form of `@blog/shared/rules`. Each field is checked by the rules' own evaluator,
 * so the API and the web (yup-from-rules) agree on trimming, numbers typed as text and lengths; every
 * failing field becomes one issue with its path, in the form's field order, so the error middleware
 * answers 400 validation_failed with the first field and its Polish message. Unknown keys are dropped.
 *
 * By default the browser-only fields (a password confirmation) are left out; `allFields` keeps them
 * (the parity test compares whole forms).
 */
export function zodFromForm<F extends Form>(form: F): z.ZodType<ApiValues<F>, unknown>;
export function zodFromForm<F extends Form>(
  form: F,
  options: { allFields: true },
): z.ZodType<FormValues<F>, unknown>;
export function zodFromForm(
  form: Form,
  options: { allFields?: boolean } = {},
): z.ZodType<Record<string, unknown>, unknown> {
  const names = fieldNames(form, options.allFields ? 'all' : 'api');
  return z.unknown().transform((raw, ctx) => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      ctx.addIssue({ code: 'custom', message: NOT_AN_OBJECT, input: raw });
      return z.NEVER;
    }
    const values = raw as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    let failed = false;
    for (const name of names) {
      const check = checkField(form, name, values);
      if (!check.ok) {
        ctx.addIssue({ code: 'custom', path: [name], message: check.message, input: values[name] });
        failed = true;
      } else if (check.value !== undefined) output[name] = check.value;
    }
    return failed ? z.NEVER : output;
  });
}
