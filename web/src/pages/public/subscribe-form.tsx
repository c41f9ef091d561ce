import type { CategoryRef } from '@blog/shared';
import { Button, Checkbox, Field, NativeSelect, Stack } from '@chakra-ui/react';
import { Formik, useField } from 'formik';
import { AppForm } from '../../components/app-form.tsx';
import { BellRing } from 'lucide-react';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { refreshSubscriptionStats, subscribe } from '../../api/subscriptions.ts';
import { TextField } from '../../components/text-field.tsx';
import { showError } from '../../lib/toast.ts';
import {
  buildSubscribePayload,
  type SubscribeFormValues,
  subscribeInitialValues,
  subscribeSchema,
} from './subscribe-box.form.ts';
import '../../theme/more-recipes.ts';

function CategoryField({
  categories,
  onChange,
}: {
  categories: readonly CategoryRef[];
  onChange?: (categoryId: number) => void;
}) {
  const [field, meta, helpers] = useField<number>('categoryId');
  return (
    <Field.Root invalid={Boolean(meta.touched && meta.error)} required>
      <Field.Label>Kategoria</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={field.name}
          value={String(field.value)}
          onChange={(event) => {
            const categoryId = Number(event.target.value);
            void helpers.setValue(categoryId);
            onChange?.(categoryId);
          }}
          onBlur={field.onBlur}
        >
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}

function ConsentField() {
  const [field, meta, helpers] = useField<boolean>('consent');
  return (
    <Field.Root invalid={Boolean(meta.touched && meta.error)} required>
      <Checkbox.Root
        checked={field.value}
        onCheckedChange={(details) => {
          void helpers.setTouched(true, false);
          void helpers.setValue(details.checked === true);
        }}
        colorPalette="brand"
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput name="consent" onBlur={field.onBlur} />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label fontWeight="normal">
          Wyrażam zgodę na otrzymywanie wiadomości e-mail o nowych artykułach z tej kategorii.
        </Checkbox.Label>
      </Checkbox.Root>
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}

interface SubscribeFormProps {
  /** The article's categories; the first one is chosen at the start. */
  categories: readonly CategoryRef[];
  /** `pending`: double opt-in is on and the confirmation e-mail is on its way. */
  onSubscribed: (categoryName: string, pending: boolean) => void;
  /** The category chosen in the list, so the box's heading can name it. */
  onCategoryChange?: (categoryId: number) => void;
}

/** The subscribe form (lazy chunk: formik and yup load only when an article with a category is read). */
export function SubscribeForm({ categories, onSubscribed, onCategoryChange }: SubscribeFormProps) {
  const first = categories[0];
  if (!first) return null;

  async function submit(values: SubscribeFormValues) {
    try {
      const result = await subscribe(buildSubscribePayload(values));
      onSubscribed(
        categories.find((category) => category.id === values.categoryId)?.name ?? first.name,
        'pending' in result,
      );
    } catch (error) {
      showError('Wystąpił błąd', errorMessage(error));
      // A refusal may mean the cap was reached meanwhile: fresh stats switch the box to the blocked view.
      if (error instanceof ApiError && error.status === 429) await refreshSubscriptionStats();
    }
  }

  return (
    <Formik<SubscribeFormValues>
      initialValues={subscribeInitialValues(first.id)}
      validationSchema={subscribeSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <AppForm noValidate aria-label="Subskrypcja kategorii">
          <Stack gap="4">
            <Stack direction={{ base: 'column', md: 'row' }} gap="4">
              <TextField name="email" label="Adres e-mail" type="email" autoComplete="email" required />
              {categories.length > 1 && <CategoryField categories={categories} onChange={onCategoryChange} />}
            </Stack>
            <ConsentField />
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="flex-start"
              loading={isSubmitting}
              loadingText="Zapisywanie..."
            >
              <BellRing aria-hidden="true" />
              Subskrybuj
            </Button>
          </Stack>
        </AppForm>
      )}
    </Formik>
  );
}
