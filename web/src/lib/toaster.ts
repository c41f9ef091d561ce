import { createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from './toast.ts';

/**
 * The toast store (one at a time, F8 focuses the region). Loaded with the toast region on the
 * first toast, so a page that shows none does not download it; lib/toast.ts is the way in.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: TOAST_DURATION_MS,
  removeDelay: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});
