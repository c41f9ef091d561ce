import type { Category } from '@blog/shared';
import { Container, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useStaffCategories } from '../../api/admin-categories.ts';
import { LoadError } from '../../components/load-error.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CategoryAddForm } from './categories/category-add-form.tsx';
import { CategoryDeleteDialog } from './categories/category-delete-dialog.tsx';
import { CategoryRow } from './categories/category-row.tsx';

function SkeletonRows() {
  return (
    <>
      {Array.from({ length: 5 }, (_, index) => (
        <Table.Row key={index}>
          <Table.Cell>
            <Skeleton height="5" width="48" />
          </Table.Cell>
          <Table.Cell>
            <Skeleton height="5" width="24" />
          </Table.Cell>
          <Table.Cell>
            <Skeleton height="5" width="16" marginStart="auto" />
          </Table.Cell>
        </Table.Row>
      ))}
    </>
  );
}

/** „Zarządzanie kategoriami”: add, rename inline, show or hide, delete. */
export function AdminCategoriesPage() {
  useDocumentTitle('Zarządzanie kategoriami');
  // For signed-in staff GET /categories includes the hidden categories.
  const { categories, error, isLoading } = useStaffCategories();
  const [toDelete, setToDelete] = useState<Category | null>(null);

  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Zarządzanie kategoriami
        </Heading>
        <CategoryAddForm />
        {/* Only with nothing to show: a failed later read keeps the rows (and a name being typed) on screen. */}
        {error && !categories ? (
          <LoadError title="Nie udało się pobrać kategorii" error={error} />
        ) : (
          <Table.ScrollArea borderWidth="1px" borderColor="border.muted" borderRadius="lg">
            <Table.Root size="sm" aria-busy={isLoading}>
              <Table.Caption srOnly>Kategorie</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Nazwa</Table.ColumnHeader>
                  <Table.ColumnHeader>Widoczność</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Akcje</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {isLoading ? (
                  <SkeletonRows />
                ) : (categories ?? []).length === 0 ? (
                  <Table.Row>
                    <Table.Cell colSpan={3} py="10" textAlign="center">
                      <Text color="fg.muted">Brak kategorii. Dodaj swoją pierwszą kategorię.</Text>
                    </Table.Cell>
                  </Table.Row>
                ) : (
                  (categories ?? []).map((category) => (
                    <CategoryRow key={category.id} category={category} onDelete={setToDelete} />
                  ))
                )}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
      <CategoryDeleteDialog category={toDelete} onClose={() => setToDelete(null)} />
    </Container>
  );
}
