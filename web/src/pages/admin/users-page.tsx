import type { User } from '@blog/shared';
import { Button, Container, Heading, HStack, Stack } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type AdminUsersQuery, useAdminUsers } from '../../api/users.ts';
import { LoadError } from '../../components/load-error.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { AdminPageLinks } from './posts/admin-page-links.tsx';
import { ListControls, ListLoading } from './shell/list-layout.tsx';
import { UserCreateDialog } from './users/user-create-dialog.tsx';
import { UserDeleteDialog } from './users/user-delete-dialog.tsx';
import { UserEditDialog } from './users/user-edit-dialog.tsx';
import { UserResetPasswordDialog } from './users/user-reset-password-dialog.tsx';
import { usersEmptyText } from './users/users-filter.ts';
import { UsersTable } from './users/users-table.tsx';
import { UsersToolbar } from './users/users-toolbar.tsx';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'reset'; user: User }
  | null;

const FILTERS = ['q', 'role', 'status', 'sort', 'order'] as const;

/**
 * „Zarządzanie użytkownikami” (admin only): search, role and status filters, sort and 20 accounts a
 * page, all on the server and in the URL; one dialog at a time.
 */
export function AdminUsersPage() {
  useDocumentTitle('Zarządzanie użytkownikami');
  const { params, page, update } = useListParams(FILTERS);
  const { page: result, error, isLoading } = useAdminUsers({ ...params, page } as AdminUsersQuery);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  // A page past the end (the last accounts deleted, an old link) shows the last page instead.
  const lastPage = result?.totalPages;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) update({ page: lastPage }, { replace: true });
  }, [lastPage, page, update]);

  const filtered = Boolean(params.q || params.role || params.status);
  const emptyText = usersEmptyText(filtered, result?.total);

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
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

        <ListControls
          query={params.q}
          onSearch={(q) => update({ q }, { replace: true })}
          placeholder="Szukaj użytkowników..."
          label="Szukaj użytkowników"
        >
          <UsersToolbar values={params} onChange={(change) => update(change)} />
        </ListControls>

        {error ? (
          <LoadError title="Nie udało się pobrać użytkowników" error={error} />
        ) : isLoading ? (
          <ListLoading label="Ładowanie użytkowników..." rowHeight="10" />
        ) : (
          <Stack gap="4">
            <UsersTable
              users={result?.items ?? []}
              emptyText={emptyText}
              onResetPassword={(user) => setDialog({ kind: 'reset', user })}
              onEdit={(user) => setDialog({ kind: 'edit', user })}
              onDelete={(user) => setDialog({ kind: 'delete', user })}
            />
            <AdminPageLinks
              label="Paginacja użytkowników"
              page={Math.min(page, result?.totalPages ?? 1)}
              totalPages={result?.totalPages ?? 1}
              onPageChange={(next) => update({ page: next })}
            />
          </Stack>
        )}
      </Stack>

      {dialog?.kind === 'create' && <UserCreateDialog onClose={close} />}
      <UserEditDialog user={dialog?.kind === 'edit' ? dialog.user : null} onClose={close} />
      <UserDeleteDialog user={dialog?.kind === 'delete' ? dialog.user : null} onClose={close} />
      <UserResetPasswordDialog user={dialog?.kind === 'reset' ? dialog.user : null} onClose={close} />
    </Container>
  );
}
