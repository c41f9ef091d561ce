import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML; true from the render right
 * after, and at once on a page the browser renders itself. A form drawn only from then on cannot take
 * text before React owns it: a field typed into before hydration would be reset by it, the text lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
