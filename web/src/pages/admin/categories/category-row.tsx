import type { Category } from '@blog/shared';
import { Button, HStack, IconButton, Input, Switch, Table, Text } from '@chakra-ui/react';
import { Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { renameCategory, toggleCategoryVisibility } from '../../../api/admin-categories.ts';
import { showConfirmation, showError, showSuccess } from '../../../lib/toast.ts';
import { DeleteIconButton } from '../shell/delete-icon-button.tsx';
import { canSubmitCategoryName, checkCategoryName } from './category-name.ts';

/** One category: name (or the inline rename form), visibility switch, edit and delete. */
export function CategoryRow({
  category,
  onDelete,
}: {
  category: Category;
  onDelete: (category: Category) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(category.name);
  const [saving, setSaving] = useState(false);
  const [toggling, setToggling] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const check = checkCategoryName(name);
    if (!check.ok) return;
    setSaving(true);
    try {
      await renameCategory(category.id, check.name, category.version);
      showSuccess('Kategoria zaktualizowana', `Nowa nazwa: „${check.name}”.`);
      setEditing(false);
    } catch (error) {
      showError('Błąd', `Nie udało się zaktualizować kategorii: ${errorMessage(error)}`);
    } finally {
      setSaving(false);
    }
  }

  async function toggle() {
    setToggling(true);
    try {
      const result = await toggleCategoryVisibility(category.id);
      // A short confirmation (3000 ms).
      showConfirmation(result.enabled ? 'Kategoria widoczna' : 'Kategoria ukryta', result.name);
    } catch (error) {
      showError('Błąd', `Nie udało się zmienić widoczności kategorii: ${errorMessage(error)}`);
    } finally {
      setToggling(false);
    }
  }

  return (
    <Table.Row>
      <Table.Cell>
        {editing ? (
          <form onSubmit={(event) => void save(event)} aria-label={`Zmiana nazwy kategorii ${category.name}`}>
            <HStack gap="2" flexWrap="wrap">
              <Input
                size="sm"
                maxWidth="xs"
                value={name}
                aria-label="Nazwa kategorii"
                autoFocus
                onChange={(event) => setName(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') {
                    setName(category.name);
                    setEditing(false);
                  }
                }}
              />
              <Button
                type="submit"
                size="sm"
                colorPalette="brand"
                disabled={!canSubmitCategoryName(name)}
                loading={saving}
                loadingText="Zapisywanie..."
              >
                Zapisz
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={saving}
                onClick={() => {
                  setName(category.name);
                  setEditing(false);
                }}
              >
                Anuluj
              </Button>
            </HStack>
          </form>
        ) : (
          <Text fontWeight="medium">{category.name}</Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Switch.Root
          size="sm"
          colorPalette="green"
          checked={category.enabled}
          disabled={toggling}
          onCheckedChange={() => void toggle()}
        >
          <Switch.HiddenInput aria-label={`Widoczna: ${category.name}`} />
          <Switch.Control />
          <Switch.Label fontSize="sm" color="fg.muted">
            {category.enabled ? 'Widoczna' : 'Ukryta'}
          </Switch.Label>
        </Switch.Root>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <HStack gap="1" justify="flex-end">
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={`Zmień nazwę kategorii ${category.name}`}
            disabled={editing}
            onClick={() => {
              setName(category.name);
              setEditing(true);
            }}
          >
            <Pencil />
          </IconButton>
          <DeleteIconButton label={`Usuń kategorię ${category.name}`} onClick={() => onDelete(category)} />
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
