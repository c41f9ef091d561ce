import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import '../theme/more-recipes.ts';

interface AppDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Dialog.Body and Dialog.Footer (wrapped in a form when the dialog has one). */
  children: ReactNode;
  /** A confirmation of something irreversible is an alertdialog (read out at once by screen readers). */
  role?: 'dialog' | 'alertdialog';
  /** While a call is running the dialog cannot be dismissed, so its outcome is never lost. */
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** The frame every dialog of the panel shares: title, close button in Polish, backdrop, focus handling. */
export function AppDialog({
  open,
  onClose,
  title,
  children,
  role = 'dialog',
  busy = false,
  size = 'md',
}: AppDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      role={role}
      size={size}
      closeOnInteractOutside={!busy}
      closeOnEscape={!busy}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Zamknij okno" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The footer of a dialog's form: „Anuluj” (closes it) and the brand-coloured submit button
 * `children`, which reads `busyText` while `busy` (and „Anuluj” waits).
 */
export function SubmitDialogFooter({
  onCancel,
  busy,
  busyText,
  children,
}: {
  onCancel: () => void;
  busy?: boolean;
  busyText?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Footer>
      <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
        Anuluj
      </Button>
      <Button type="submit" colorPalette="brand" loading={busy} loadingText={busyText}>
        {children}
      </Button>
    </Dialog.Footer>
  );
}

/** The footer of every delete confirmation: „Anuluj” and a red „Usuń” that reads „Usuwanie...” while busy. */
export function DeleteDialogFooter({
  onCancel,
  onConfirm,
  deleting,
  disabled = false,
}: {
  onCancel: () => void;
  onConfirm: () => Promise<void>;
  deleting: boolean;
  /** The delete is not this person's to make (the dialog says why). */
  disabled?: boolean;
}) {
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onCancel} disabled={deleting}>
        Anuluj
      </Button>
      <Button
        colorPalette="red"
        onClick={() => void onConfirm()}
        loading={deleting}
        loadingText="Usuwanie..."
        disabled={disabled}
      >
        Usuń
      </Button>
    </Dialog.Footer>
  );
}
