import { Button, Dialog, Text } from '@chakra-ui/react';
import { type ContextType, type RefObject, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';
import { AppDialog } from '../../../components/app-dialog.tsx';

type Navigator = ContextType<typeof UNSAFE_NavigationContext>['navigator'];
type Go = Navigator['push'];

/**
 * Routes the navigator's push and replace through `hold` until the returned function restores them.
 * Kept outside the component: it changes an object the router owns, on purpose.
 */
function holdNavigations(navigator: Navigator, hold: (go: Go) => Go): () => void {
  const target = navigator as Navigator & Record<'push' | 'replace', Go>;
  const { push, replace } = target;
  target.push = hold(push);
  target.replace = hold(replace);
  return () => {
    target.push = push;
    target.replace = replace;
  };
}

/**
 * Asks before leaving an editor with unsaved changes: in-app navigation (links, the sidebar, navigate())
 * through a dialog, closing or reloading the tab through the browser's own beforeunload prompt.
 *
 * Why not react-router's useBlocker: it works only under a data router, and switching the app to one
 * adds about 17 kB gzip to every reader's first download (measured with `npm run build`). In the
 * declarative router every in-app navigation goes through the router's navigator (push/replace), so
 * the guard holds those calls while the form is dirty and replays the held one when the person agrees.
 */
export function UnsavedChangesGuard({
  when,
  released,
  onLeave,
}: {
  when: boolean;
  /** The person chose to leave and lose the changes (the editor forgets its autosaved draft). */
  onLeave?: () => void;
  /** Set to true right before a navigation that must pass (after a successful save): read at that moment. */
  released: RefObject<boolean>;
}) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [pending, setPending] = useState<(() => void) | null>(null);
  // The person chose „Opuść stronę”: the held navigation (and any after it) passes.
  const leaving = useRef(false);

  useEffect(() => {
    if (!when) return undefined;
    return holdNavigations(navigator, (go) => (...args) => {
      if (released.current || leaving.current) {
        go.apply(navigator, args);
        return;
      }
      setPending(() => () => go.apply(navigator, args));
    });
  }, [when, navigator, released]);

  useEffect(() => {
    if (!when) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (released.current || leaving.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when, released]);

  if (!pending) return null;
  return (
    <AppDialog open onClose={() => setPending(null)} title="Niezapisane zmiany" role="alertdialog">
      <Dialog.Body>
        <Text>Masz niezapisane zmiany w tym poście. Jeśli opuścisz stronę, zostaną utracone.</Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={() => setPending(null)}>
          Zostań na stronie
        </Button>
        <Button
          colorPalette="red"
          onClick={() => {
            leaving.current = true;
            onLeave?.();
            const go = pending;
            setPending(null);
            go();
          }}
        >
          Opuść stronę
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
