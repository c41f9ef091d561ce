import { createToaster } from '@chakra-ui/react';

/** Spec §9: 5000 ms on screen, kept 5000 ms after dismissal, one at a time, F8 focuses the region. */
export const TOAST_DURATION_MS = 5000;
export const CONFIRMATION_TOAST_DURATION_MS = 3000;

export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: TOAST_DURATION_MS,
  removeDelay: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

type ToastType = 'success' | 'error' | 'info';

function show(type: ToastType, title: string, description: string | undefined, duration: number): string {
  // With max: 1 a new toast would wait in a queue until the old one is gone (up to 10 s with the removal
  // delay); the newest message is the one that matters, so it replaces the visible one at once.
  toaster.remove();
  return toaster.create({ type, title, description, duration, closable: true });
}

/** Destructive toast: what failed (title) and why (description, usually the server's message). */
export function showError(title: string, description?: string): string {
  return show('error', title, description, TOAST_DURATION_MS);
}

export function showSuccess(title: string, description?: string): string {
  return show('success', title, description, TOAST_DURATION_MS);
}

/** Short confirmation after a toggle or similar quick action (visibility, category actions). */
export function showConfirmation(title: string, description?: string): string {
  return show('success', title, description, CONFIRMATION_TOAST_DURATION_MS);
}

const FLASH_KEY = 'blog:flash-toast';

/**
 * A success toast that survives one full page load (logout redirects with a reload, which would wipe a
 * toast shown just before it).
 */
export function showSuccessAfterReload(title: string, description?: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ title, description }));
  } catch {
    // Storage can be disabled (private mode, quotas); the toast is then simply not shown.
  }
}

/** Shows the toast left by showSuccessAfterReload, once. */
export function showPendingFlashToast(): void {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const { title, description } = JSON.parse(raw) as { title?: unknown; description?: unknown };
    if (typeof title === 'string') {
      showSuccess(title, typeof description === 'string' ? description : undefined);
    }
  } catch {
    // A damaged entry is dropped.
  }
}
