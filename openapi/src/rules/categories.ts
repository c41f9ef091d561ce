import { CATEGORY_NAME_PATTERN } from './patterns.ts';
import { defineForm, maxLength, pattern, required, versionField, type FormValues } from './rule.ts';

/** Category create and rename (spec §5): a non-empty name once trimmed. */
export const categoryForm = defineForm({
  fields: {
    // Unique whatever the spelling: NFD, a no-break space or a zero-width space make no new name.
    name: {
      type: 'text',
      normalize: 'identifier',
      rules: [
        required('Nazwa kategorii nie może być pusta'),
        maxLength(100, 'Nazwa kategorii może mieć najwyżej 100 znaków'),
        pattern(
          CATEGORY_NAME_PATTERN,
          'Nazwa kategorii nie może zawierać znaków sterujących (np. nowej linii)',
        ),
      ],
    },
    version: versionField,
  },
});

export type CategoryFormValues = FormValues<typeof categoryForm>;
