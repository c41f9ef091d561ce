import type { User } from '@blog/openapi';
import { Badge, HStack, IconButton, Table, Text } from '@chakra-ui/react';
import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { ROLE_COLORS, ROLE_LABELS } from './user-labels.ts';

export interface UserActions {
  onResetPassword: (user: User) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

function UserRow({ user, onResetPassword, onEdit, onDelete }: { user: User } & UserActions) {
  return (
    <Table.Row>
      <Table.Cell fontWeight="medium">{user.username}</Table.Cell>
      <Table.Cell>{user.email || '-'}</Table.Cell>
      <Table.Cell>{user.displayName || '—'}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={ROLE_COLORS[user.role]} variant="subtle">
          {ROLE_LABELS[user.role]}
        </Badge>
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={user.isActive ? 'green' : 'gray'} variant="subtle">
          {user.isActive ? 'Aktywny' : 'Nieaktywny'}
        </Badge>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <HStack gap="1" justify="flex-end">
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={`Resetuj hasło użytkownika ${user.username}`}
            onClick={() => onResetPassword(user)}
          >
            <KeyRound />
          </IconButton>
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={`Edytuj użytkownika ${user.username}`}
            onClick={() => onEdit(user)}
          >
            <Pencil />
          </IconButton>
          <IconButton
            size="sm"
            variant="ghost"
            colorPalette="red"
            aria-label={`Usuń użytkownika ${user.username}`}
            onClick={() => onDelete(user)}
          >
            <Trash2 />
          </IconButton>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

/** The accounts table (spec §2); `emptyText` says whether nothing matched the search or nobody exists. */
export function UsersTable({
  users,
  emptyText,
  ...actions
}: { users: User[]; emptyText: string } & UserActions) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border.muted" borderRadius="lg">
      <Table.Root size="sm" interactive>
        <Table.Caption srOnly>Użytkownicy</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Nazwa użytkownika</Table.ColumnHeader>
            <Table.ColumnHeader>E-mail</Table.ColumnHeader>
            <Table.ColumnHeader>Nazwa wyświetlana</Table.ColumnHeader>
            <Table.ColumnHeader>Rola</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Akcje</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={6} py="10" textAlign="center">
                <Text color="fg.muted">{emptyText}</Text>
              </Table.Cell>
            </Table.Row>
          ) : (
            users.map((user) => <UserRow key={user.id} user={user} {...actions} />)
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
