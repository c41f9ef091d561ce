import { Button } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import { useLogout } from './use-logout.ts';

/** „Wyloguj”: the public header and the admin header sign out the same way. */
export function LogoutButton() {
  const { signOut, isLoggingOut } = useLogout();
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => void signOut()}
      loading={isLoggingOut}
      loadingText="Wylogowywanie..."
    >
      <LogOut aria-hidden="true" />
      Wyloguj
    </Button>
  );
}
