import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { createCategory } from '../../../api/admin-categories.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { canSubmitCategoryName, checkCategoryName } from './category-name.ts';

/** „Dodaj kategorię”: submit disabled while the name is empty. */
export function CategoryAddForm() {
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkCategoryName(name);
    if (!check.ok) {
      setFieldError(check.message);
      return;
    }
    setAdding(true);
    try {
      const created = await createCategory(check.name);
      showSuccess('Kategoria dodana', `Dodano kategorię „${created.name}”.`);
      setName('');
      setFieldError(null);
    } catch (error) {
      showError('Błąd', `Nie udało się dodać kategorii: ${errorMessage(error)}`);
    } finally {
      setAdding(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Nowa kategoria" noValidate>
      <HStack align="end" gap="3" flexWrap="wrap">
        <Field.Root invalid={Boolean(fieldError)} flex="1" minWidth="60" maxWidth="md">
          <Field.Label>Nazwa nowej kategorii</Field.Label>
          <Input
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setFieldError(null);
            }}
            placeholder="np. Technologia"
            autoComplete="off"
          />
          <Field.ErrorText>{fieldError}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          disabled={!canSubmitCategoryName(name)}
          loading={adding}
          loadingText="Dodawanie..."
        >
          <Plus aria-hidden="true" />
          Dodaj kategorię
        </Button>
      </HStack>
    </form>
  );
}
