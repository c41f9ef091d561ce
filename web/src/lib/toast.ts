import type { toaster } from './toaster.ts';

/** 5000 ms on screen, kept 5000 ms after dismissal, one at a time, F8 focuses the region. */
export const TOAST_DURATION_MS = 5000;
export const CONFIRMATION_TOAST_DURATION_MS = 3000;

type ToastType = 'success' | 'error' | 'info';

// The toast store and region (Chakra's toast machines, ~6 kB gzip) are loaded with the first toast: most
// reader visits never show one. The region picks up toasts already in the store when it starts.
let store: Promise<{ toaster: typeof toaster }> | undefined;
let regionWanted = false;
const regionListeners = new Set<() => void>();
let toastCount = 0;

/** For AppToaster's mount point (useSyncExternalStore): true from the first toast on. */
export function subscribeToToastRegion(listener: () => void): () => void {
  regionListeners.add(listener);
  return () => regionListeners.delete(listener);
}

export function isToastRegionWanted(): boolean {
  return regionWanted;
}

function show(type: ToastType, title: string, description: string | undefined, duration: number): string {
  const id = `toast-${++toastCount}`;
  store ??= import('./toaster.ts');
  if (!regionWanted) {
    regionWanted = true;
    regionListeners.forEach((listener) => listener());
  }
  // Callbacks of one promise run in order, so toasts keep the order in which they were asked for.
  store
    .then(({ toaster }) => {
      // With max: 1 a new toast would wait in a queue until the old one is gone (up to 10 s with the removal
      // delay); the newest message is the one that matters, so it replaces the visible one at once.
      toaster.remove();
      toaster.create({ id, type, title, description, duration, closable: true });
    })
    .catch(() => {
      // The chunk did not load (offline, new deploy): the message is lost, the page keeps working.
    });
  return id;
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
