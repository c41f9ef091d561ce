import { Button, Dialog, Text } from '@chakra-ui/react';
import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { AppDialog } from '../../../components/app-dialog.tsx';

/**
 * Asks before leaving an editor with unsaved changes: in-app navigation through a dialog (react-router
 * useBlocker), closing or reloading the tab through the browser's own beforeunload prompt.
 */
export function UnsavedChangesGuard({
  when,
  released,
}: {
  when: boolean;
  /** Set to true right before a navigation that must pass (after a successful save): read at that moment. */
  released: RefObject<boolean>;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when, released]);

  if (blocker.state !== 'blocked') return null;
  return (
    <AppDialog open onClose={() => blocker.reset()} title="Niezapisane zmiany" role="alertdialog">
      <Dialog.Body>
        <Text>Masz niezapisane zmiany w tym poście. Jeśli opuścisz stronę, zostaną utracone.</Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={() => blocker.reset()}>
          Zostań na stronie
        </Button>
        <Button colorPalette="red" onClick={() => blocker.proceed()}>
          Opuść stronę
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
