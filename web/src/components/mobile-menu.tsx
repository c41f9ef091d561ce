import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode, RefObject } from 'react';
import '../theme/more-recipes.ts';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  /** The button that opened the menu: focus goes back to it on close. */
  trigger: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}

/**
 * The header's drawer on small screens. Its own chunk (the dialog machine and focus trap, ~12 kB gzip),
 * loaded when the reader first reaches for the menu button; the header renders the button itself.
 */
export function MobileMenu({ open, onClose, trigger, children }: MobileMenuProps) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="end"
      finalFocusEl={() => trigger.current}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Zamknij menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
