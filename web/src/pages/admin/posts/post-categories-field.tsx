import { Checkbox, Fieldset, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { useStaffCategories } from '../../../api/admin-categories.ts';
import { toggleCategory } from './post.form.ts';

/** Categories checklist: visible (enabled) categories only. */
export function PostCategoriesField() {
  const { categories, isLoading, error } = useStaffCategories();
  const [field, , helpers] = useField<number[]>('categories');
  const enabled = (categories ?? []).filter((category) => category.enabled);

  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">Kategorie</Fieldset.Legend>
      {isLoading ? (
        <Stack gap="2" aria-busy="true" aria-label="Ładowanie kategorii...">
          <Skeleton height="5" />
          <Skeleton height="5" />
          <Skeleton height="5" />
        </Stack>
      ) : error ? (
        <Text color="fg.error" fontSize="sm">
          Nie udało się pobrać kategorii.
        </Text>
      ) : enabled.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Brak widocznych kategorii. Dodaj je w zakładce Kategorie.
        </Text>
      ) : (
        <Stack gap="2">
          {enabled.map((category) => (
            <Checkbox.Root
              key={category.id}
              checked={field.value.includes(category.id)}
              onCheckedChange={(details) =>
                void helpers.setValue(toggleCategory(field.value, category.id, details.checked === true))
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{category.name}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      )}
      <Fieldset.HelperText>Post bez kategorii nie będzie widoczny na blogu.</Fieldset.HelperText>
    </Fieldset.Root>
  );
}
