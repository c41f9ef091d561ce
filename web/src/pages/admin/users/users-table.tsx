import type { User } from '@blog/shared';
import { Badge, Box, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { KeyRound, Pencil } from 'lucide-react';
import { DeleteIconButton } from '../shell/delete-icon-button.tsx';
import { ROLE_COLORS, ROLE_LABELS } from './user-labels.ts';

export interface UserActions {
  onResetPassword: (user: User) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

// A long name or address wraps, even one long word, so the role, status and actions stay on screen.
const WRAP = { whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;

function RoleBadge({ user }: { user: User }) {
  return (
    <Badge colorPalette={ROLE_COLORS[user.role]} variant="subtle" width="fit-content">
      {ROLE_LABELS[user.role]}
    </Badge>
  );
}

function StatusBadge({ user }: { user: User }) {
  return (
    <Badge colorPalette={user.isActive ? 'green' : 'gray'} variant="subtle" width="fit-content">
      {user.isActive ? 'Aktywny' : 'Nieaktywny'}
    </Badge>
  );
}

function Actions({ user, onResetPassword, onEdit, onDelete }: { user: User } & UserActions) {
  return (
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
      <DeleteIconButton label={`Usuń użytkownika ${user.username}`} onClick={() => onDelete(user)} />
    </HStack>
  );
}

function UserRow({ user, ...actions }: { user: User } & UserActions) {
  return (
    <Table.Row>
      <Table.Cell fontWeight="medium" {...WRAP}>
        {user.username}
      </Table.Cell>
      <Table.Cell {...WRAP}>{user.email || '-'}</Table.Cell>
      <Table.Cell {...WRAP}>{user.displayName || '—'}</Table.Cell>
      <Table.Cell>
        <RoleBadge user={user} />
      </Table.Cell>
      <Table.Cell>
        <StatusBadge user={user} />
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Actions user={user} {...actions} />
      </Table.Cell>
    </Table.Row>
  );
}

/** On a phone each account is a card: the username first, then the same facts and actions. */
function UserCard({ user, ...actions }: { user: User } & UserActions) {
  return (
    <Box as="li" borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="4" listStyleType="none">
      <Stack gap="2">
        <Text fontWeight="medium" {...WRAP}>
          {user.username}
        </Text>
        <Text fontSize="sm" {...WRAP}>
          {user.displayName || '—'}
        </Text>
        <Text fontSize="sm" color="fg.muted" {...WRAP}>
          {user.email || '-'}
        </Text>
        <HStack justify="space-between" align="center" gap="3" flexWrap="wrap">
          <HStack gap="2">
            <RoleBadge user={user} />
            <StatusBadge user={user} />
          </HStack>
          <Actions user={user} {...actions} />
        </HStack>
      </Stack>
    </Box>
  );
}

/**
 * The accounts list; `emptyText` says whether nothing matched or nobody exists. A table that
 * fits the width (long names wrap) from `md` up, cards on phones.
 */
export function UsersTable({
  users,
  emptyText,
  ...actions
}: { users: User[]; emptyText: string } & UserActions) {
  const empty = (
    <Text color="fg.muted" textAlign="center" py="10">
      {emptyText}
    </Text>
  );
  // One text for both widths (a copy in each would be two on the page, one hidden).
  if (users.length === 0) return empty;
  return (
    <>
      <Box hideBelow="md" borderWidth="1px" borderColor="border.muted" borderRadius="lg" overflow="hidden">
        <Table.Root size="sm" interactive tableLayout="fixed" width="full">
          <Table.Caption srOnly>Użytkownicy</Table.Caption>
          <Table.ColumnGroup>
            <Table.Column />
            <Table.Column />
            <Table.Column />
            <Table.Column width="32" />
            <Table.Column width="28" />
            <Table.Column width="36" />
          </Table.ColumnGroup>
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
            {users.map((user) => (
              <UserRow key={user.id} user={user} {...actions} />
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Box hideFrom="md">
        <Stack as="ul" gap="3" aria-label="Użytkownicy">
          {users.map((user) => (
            <UserCard key={user.id} user={user} {...actions} />
          ))}
        </Stack>
      </Box>
    </>
  );
}
