import type { User } from '@blog/openapi';
import { Box, Button, Container, Heading, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useAdminUsers } from '../../api/users.ts';
import { LoadError } from '../../components/load-error.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { UserCreateDialog } from './users/user-create-dialog.tsx';
import { UserDeleteDialog } from './users/user-delete-dialog.tsx';
import { UserEditDialog } from './users/user-edit-dialog.tsx';
import { UserResetPasswordDialog } from './users/user-reset-password-dialog.tsx';
import { filterUsers } from './users/users-filter.ts';
import { UsersTable } from './users/users-table.tsx';
import { SearchInput } from './shell/search-input.tsx';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'reset'; user: User }
  | null;

/** „Zarządzanie użytkownikami” (admin only): search, the table, and one dialog at a time. */
export function AdminUsersPage() {
  useDocumentTitle('Zarządzanie użytkownikami');
  const { users, error, isLoading } = useAdminUsers();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  const shown = useMemo(() => filterUsers(users ?? [], deferredSearch), [users, deferredSearch]);
  const emptyText =
    (users?.length ?? 0) === 0 ? 'Brak użytkowników w systemie' : 'Nie znaleziono użytkowników';

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack justify="space-between" gap="4" flexWrap="wrap">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            Zarządzanie użytkownikami
          </Heading>
          <Button colorPalette="brand" onClick={() => setDialog({ kind: 'create' })}>
            <UserPlus aria-hidden="true" />
            Dodaj użytkownika
          </Button>
        </HStack>

        <Box maxWidth="md">
          <SearchInput
            value={search}
            onChange={setSearch}
            placeholder="Szukaj użytkowników..."
            label="Szukaj użytkowników"
          />
        </Box>

        {error ? (
          <LoadError title="Nie udało się pobrać użytkowników" error={error} />
        ) : isLoading ? (
          <Stack gap="2" aria-busy="true" aria-label="Ładowanie użytkowników...">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} height="10" />
            ))}
          </Stack>
        ) : (
          <UsersTable
            users={shown}
            emptyText={emptyText}
            onResetPassword={(user) => setDialog({ kind: 'reset', user })}
            onEdit={(user) => setDialog({ kind: 'edit', user })}
            onDelete={(user) => setDialog({ kind: 'delete', user })}
          />
        )}
      </Stack>

      {dialog?.kind === 'create' && <UserCreateDialog onClose={close} />}
      <UserEditDialog user={dialog?.kind === 'edit' ? dialog.user : null} onClose={close} />
      <UserDeleteDialog user={dialog?.kind === 'delete' ? dialog.user : null} onClose={close} />
      <UserResetPasswordDialog user={dialog?.kind === 'reset' ? dialog.user : null} onClose={close} />
    </Container>
  );
}
