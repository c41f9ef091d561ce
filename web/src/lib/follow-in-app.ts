import type { MouseEvent } from 'react';

/**
 * A control drawn as a real link (it works before the app's code has arrived: the browser loads the address
 * from the server) that the app, once there, follows itself: a plain click runs `follow` instead of loading
 * the page; a click with a modifier or another button keeps the browser's own meaning (a new tab).
 */
export function followInApp(event: MouseEvent<HTMLAnchorElement>, follow: () => void): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  follow();
}
