import { checkField, fieldNames, type Form, type FormValues, type WebValues } from '@blog/shared/rules';
import * as yup from 'yup';

/**
 * A yup schema for a form of `@blog/shared/rules`, for Formik. Each field runs the rules' own
 * evaluator (the API's zod-from-rules runs the same one), so a field shows exactly the message the
 * server would answer: trimmed text, numbers typed as text, the first broken rule in the form's order.
 * Formik turns empty fields into undefined; a `required` rule then gives its own (spec) message.
 *
 * By default the fields the page adds itself (a comment's postId) are left out; `allFields` keeps them.
 */
export function yupFromForm<F extends Form>(form: F): yup.ObjectSchema<WebValues<F>>;
export function yupFromForm<F extends Form>(
  form: F,
  options: { allFields: true },
): yup.ObjectSchema<FormValues<F>>;
export function yupFromForm(form: Form, options: { allFields?: boolean } = {}): yup.AnyObjectSchema {
  const names = fieldNames(form, options.allFields ? 'all' : 'web');
  const shape = Object.fromEntries(
    names.map((name) => [
      name,
      yup.mixed().test({
        name: 'rules',
        test(_value, context) {
          // `parent` holds the sibling values, needed by rules such as equalsField.
          const check = checkField(form, name, (context.parent ?? {}) as Record<string, unknown>);
          return check.ok || context.createError({ message: check.message });
        },
      }),
    ]),
  );
  return yup.object(shape);
}
