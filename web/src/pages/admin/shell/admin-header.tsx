import type { SessionUser } from '@blog/shared';
import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { KeyRound, Menu } from 'lucide-react';
import { useState } from 'react';
import { LogoutButton } from '../../../components/logout-button.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

/**
 * Greeting by username, „Zmień hasło” and „Wyloguj”; on a phone also the button that opens the sidebar.
 * Signed in with a temporary password, the password dialog opens at once.
 */
export function AdminHeader({ user, onOpenMenu }: { user: SessionUser; onOpenMenu: () => void }) {
  const [changingPassword, setChangingPassword] = useState(user.passwordTemporary);

  return (
    <HStack
      as="header"
      justify="space-between"
      gap="3"
      px={{ base: '4', md: '6' }}
      py="3"
      borderBottomWidth="1px"
      borderColor="border.muted"
      bg="bg.panel"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <HStack gap="2" minWidth="0">
        <IconButton
          aria-label="Otwórz menu panelu"
          variant="ghost"
          display={{ base: 'inline-flex', lg: 'none' }}
          onClick={onOpenMenu}
        >
          <Menu />
        </IconButton>
        <Text fontWeight="semibold" truncate>
          Witaj, {user.username}!
        </Text>
      </HStack>
      <HStack gap="2">
        <Button size="sm" variant="ghost" aria-label="Zmień hasło" onClick={() => setChangingPassword(true)}>
          <KeyRound aria-hidden="true" />
          <Text as="span" display={{ base: 'none', sm: 'inline' }}>
            Zmień hasło
          </Text>
        </Button>
        <LogoutButton />
      </HStack>
      <ChangePasswordDialog
        open={changingPassword}
        onClose={() => setChangingPassword(false)}
        temporary={user.passwordTemporary}
      />
    </HStack>
  );
}
