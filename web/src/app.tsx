import { ChakraProvider } from '@chakra-ui/react';
import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { swrDefaults } from './api/swr-config.ts';
import { AppToaster } from './components/app-toaster.tsx';
import { showPendingFlashToast } from './lib/toast.ts';
import { AppRoutes } from './routes.tsx';
import { system } from './theme/system.ts';

/**
 * A data router around the declarative routes: the routes stay in routes.tsx, and hooks that need a data
 * router (useBlocker: the post editor's unsaved-changes guard) work.
 */
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

export function App() {
  // A toast queued before a full reload (logout) is shown once the new page is up. The toast region only
  // picks up toasts created after its machine has started, which is after this first effect: hence the delay.
  useEffect(() => {
    const timer = setTimeout(showPendingFlashToast, 100);
    return () => clearTimeout(timer);
  }, []);

  return (
    <ChakraProvider value={system}>
      <SWRConfig value={swrDefaults}>
        <RouterProvider router={router} />
        <AppToaster />
      </SWRConfig>
    </ChakraProvider>
  );
}
