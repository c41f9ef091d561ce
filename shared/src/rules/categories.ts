import { CATEGORY_NAME_PATTERN } from './patterns.ts';
import {
  characters,
  defineForm,
  maxLength,
  pattern,
  required,
  versionField,
  type FormValues,
} from './rule.ts';

export const CATEGORY_NAME_MAX_LENGTH = 100;

/** Category create and rename: a non-empty name once trimmed. */
export const categoryForm = defineForm({
  fields: {
    // Unique whatever the spelling: NFD, a no-break space or a zero-width space make no new name.
    name: {
      type: 'text',
      normalize: 'identifier',
      rules: [
        required('Nazwa kategorii nie może być pusta'),
        maxLength(
          CATEGORY_NAME_MAX_LENGTH,
          `Nazwa kategorii może mieć najwyżej ${characters(CATEGORY_NAME_MAX_LENGTH)}`,
        ),
        pattern(
          CATEGORY_NAME_PATTERN,
          'Nazwa kategorii nie może zawierać znaków sterujących (np. nowej linii)',
        ),
      ],
    },
    version: versionField,
  },
});

/**
 * A publisher may delete, hide or show only a category that holds nothing but their own posts and has
 * no subscriptions: the other authors' posts would vanish (or appear) and the subscribers would be
 * deleted (or mailed). Those are an admin's call. The API answers 403 with these; the panel shows them.
 */
export const CATEGORY_ADMIN_ONLY = {
  delete: 'Tę kategorię może usunąć tylko administrator: są w niej wpisy innych autorów lub subskrypcje.',
  hide: 'Tę kategorię może ukryć tylko administrator: są w niej wpisy innych autorów lub subskrypcje.',
  show: 'Tę kategorię może pokazać tylko administrator: są w niej wpisy innych autorów lub subskrypcje.',
} as const;

export type CategoryFormValues = FormValues<typeof categoryForm>;
