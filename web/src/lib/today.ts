import { createContext, useContext, useSyncExternalStore } from 'react';
import { warsawDay } from '@blog/shared/warsaw-clock';

/** The day a server-rendered page was rendered on (YYYY-MM-DD, Warsaw); null in a page the browser drew alone. */
export const RenderDayContext = createContext<string | null>(null);

const neverChanges = () => () => undefined;
const browserToday = () => warsawDay(new Date());

/**
 * Today in Warsaw as YYYY-MM-DD. A cached page may have been rendered on an earlier day: while it hydrates
 * this is the day it was rendered on (so the browser's first render matches the server's text), and right
 * after, the browser's own today.
 */
export function useToday(): string {
  const renderDay = useContext(RenderDayContext);
  return useSyncExternalStore(neverChanges, browserToday, () => renderDay ?? browserToday());
}
