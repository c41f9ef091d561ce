import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { swrDefaults } from './api/swr-config.ts';
import { AppToaster } from './components/app-toaster.tsx';
import { showPendingFlashToast } from './lib/toast.ts';
import { AppRoutes } from './routes.tsx';

/** `system`: the app's Chakra system (theme/system.ts), as main.tsx prepared it. */
export function App({ system }: { system: SystemContext }) {
  // A toast queued before a full reload (logout) is shown once the new page is up (the toast region, loaded
  // for it, picks up the toasts already in its store when it starts).
  useEffect(showPendingFlashToast, []);

  return (
    <ChakraProvider value={system}>
      <SWRConfig value={swrDefaults}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <AppToaster />
      </SWRConfig>
    </ChakraProvider>
  );
}
