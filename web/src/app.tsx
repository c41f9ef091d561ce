import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { type ReactNode, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { afterHydration } from './api/page-data.ts';
import { swrDefaults } from './api/swr-config.ts';
import { AppToaster } from './components/app-toaster.tsx';
import { RenderDayContext } from './lib/today.ts';
import { showPendingFlashToast } from './lib/toast.ts';
import { AppRoutes } from './routes.tsx';

const NO_DATA: Record<string, unknown> = {};

/**
 * What every screen sits in, on the server and in the browser alike: the Chakra system, SWR's defaults
 * (with the page's data as fallback), the day the page was rendered on, the one toaster.
 */
export function AppProviders({
  system,
  swr,
  renderDay,
  children,
}: {
  system: SystemContext;
  swr: SWRConfiguration;
  renderDay: string | null;
  children: ReactNode;
}) {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={{ ...swrDefaults, ...swr }}>
        <RenderDayContext value={renderDay}>
          {children}
          <AppToaster />
        </RenderDayContext>
      </SWRConfig>
    </ChakraProvider>
  );
}

/** Set on <html> once the app has rendered (or hydrated) in the browser: the page is interactive. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * The app in the browser. `system`: the app's Chakra system (theme/system.ts), as start.tsx prepared it;
 * `fallback`/`renderDay`/`styles`: the data and styles of the server-rendered page it hydrates (none for
 * the panel).
 */
export function App({
  system,
  fallback = NO_DATA,
  renderDay = null,
  styles,
}: {
  system: SystemContext;
  fallback?: Record<string, unknown>;
  renderDay?: string | null;
  /** The emotion cache holding a server-rendered page's styles (theme/server-styles.ts). */
  styles?: EmotionCache;
}) {
  useEffect(() => {
    afterHydration(fallback);
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, 'true');
    // A toast queued before a full reload (logout) is shown once the new page is up (the toast region,
    // loaded for it, picks up the toasts already in its store when it starts).
    showPendingFlashToast();
  }, [fallback]);

  const app = (
    <AppProviders system={system} swr={{ fallback }} renderDay={renderDay}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
  return styles ? <CacheProvider value={styles}>{app}</CacheProvider> : app;
}
