import { Box, CloseButton, Heading, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The menu's element: the header's button names it as the popover it opens. */
export const MOBILE_MENU_ID = 'menu-mobilne';

/**
 * The header's side menu on small screens: an HTML popover, so the browser opens and closes it (the
 * button, a tap outside, Escape) without any of the app's code — a tap before the page's script has
 * arrived is not lost, and focus goes back to the button on close. Hidden by the browser's own
 * `[popover]:not(:popover-open)` rule: nothing here sets `display`.
 */
export function MobileMenu({ children }: { children: ReactNode }) {
  return (
    <Box
      id={MOBILE_MENU_ID}
      popover="auto"
      role="dialog"
      aria-labelledby={`${MOBILE_MENU_ID}-title`}
      position="fixed"
      insetBlock="0"
      insetInlineStart="auto"
      insetInlineEnd="0"
      margin="0"
      width="xs"
      maxWidth="85vw"
      height="100dvh"
      maxHeight="100dvh"
      overflowY="auto"
      borderWidth="0"
      p="6"
      bg="bg.panel"
      color="fg"
      boxShadow="lg"
      css={{ '&::backdrop': { background: 'rgba(0, 0, 0, 0.4)' } }}
    >
      <HStack justify="space-between" mb="6">
        <Heading as="h2" id={`${MOBILE_MENU_ID}-title`} size="md">
          Menu
        </Heading>
        <CloseButton
          size="sm"
          aria-label="Zamknij menu"
          popoverTarget={MOBILE_MENU_ID}
          popoverTargetAction="hide"
        />
      </HStack>
      {children}
    </Box>
  );
}
