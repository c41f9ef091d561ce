import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToastRegionWanted, subscribeToToastRegion } from '../lib/toast.ts';

const ToastRegion = lazy(async () => ({ default: (await import('./toast-region.tsx')).ToastRegion }));

/** Where the app's toasts appear: the region (and its code) arrives with the first toast. */
export function AppToaster() {
  const wanted = useSyncExternalStore(subscribeToToastRegion, isToastRegionWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
