import { AUTH_TEXTS } from '@blog/shared/messages';
import { useState } from 'react';
import { mutate } from 'swr';
import { errorMessage } from '../api/api-error.ts';
import { logout, SESSION_KEY } from '../api/session.ts';
import { showError, showSuccessAfterReload } from '../lib/toast.ts';

/** Signs out, then reloads the site at / with the „Wylogowano” toast shown after the reload. */
export function useLogout() {
  const [isLoggingOut, setLoggingOut] = useState(false);

  async function signOut() {
    setLoggingOut(true);
    try {
      await logout();
    } catch (error) {
      setLoggingOut(false);
      showError('Wylogowanie nieudane', errorMessage(error));
      return;
    }
    await mutate(SESSION_KEY, null, { revalidate: false });
    showSuccessAfterReload('Wylogowano', AUTH_TEXTS.loggedOut);
    window.location.assign('/');
  }

  return { signOut, isLoggingOut };
}
