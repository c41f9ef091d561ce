import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The bordered panel an account form of the public pages sits in (sign-in and register, a new password). */
export function FormPanel({ children }: { children: ReactNode }) {
  return (
    <Box
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      p={{ base: '5', md: '8' }}
      bg="bg.panel"
    >
      {children}
    </Box>
  );
}
