/**
 * The post body lives in the rich-text editor, not in the form's values while it is typed: pushing
 * a 5,000-word HTML string into formik on every key re-rendered and re-validated the whole form each
 * time (a 55–127 ms task per key). The editor reports that it changed; the form takes the HTML on
 * blur and right before a save (and after a pause while an error is shown under the field, so it
 * clears); autosave reads it from here after a pause, and the leave-page guard asks `pending`.
 */
export class PostBody {
  private reader: (() => string | null) | null = null;
  private changed = false;
  private readonly listeners = new Set<() => void>();
  private readonly editListeners = new Set<() => void>();

  /** The mounted editor's HTML reader ('' for an empty document); null when it goes. */
  attach(reader: (() => string | null) | null): void {
    this.reader = reader;
  }

  /** The editor's HTML now, or null when no editor is mounted. */
  read(): string | null {
    return this.reader ? this.reader() : null;
  }

  /** True while the editor holds changes the form's values do not have yet. */
  readonly pending = (): boolean => this.changed;

  /** The editor changed: pending until the form takes the HTML (`subscribe` hears only the first change). */
  markChanged(): void {
    for (const listener of this.editListeners) listener();
    if (this.changed) return;
    this.changed = true;
    this.notify();
  }

  /** Every change of the editor (a key), for timers that wait for a pause; no React state. */
  onEdit(listener: () => void): () => void {
    this.editListeners.add(listener);
    return () => this.editListeners.delete(listener);
  }

  /** The form has the editor's HTML: nothing pending. */
  markTaken(): void {
    if (!this.changed) return;
    this.changed = false;
    this.notify();
  }

  /** For useSyncExternalStore over `pending`. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The pause in typing after which an error shown under the body is checked again. */
export const BODY_SYNC_PAUSE_MS = 400;
