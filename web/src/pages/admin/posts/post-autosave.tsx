import { Alert, Button, HStack } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { type RefObject, useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { localClockTime } from '../../../lib/dates.ts';
import type { PostBody } from './post-body.ts';
import {
  AUTOSAVE_INTERVAL_MS,
  AUTOSAVE_PAUSE_MS,
  browserStorage,
  type PostDraft,
  recoveryQuestion,
  writeDraft,
} from './post-draft.ts';
import type { PostEditorValues } from './post.form.ts';

/**
 * Keeps the form in the browser while it differs from what was loaded: after each pause in typing,
 * at least every few seconds while typing goes on, and at once when the tab is hidden or closed.
 * Stops for good once the post is saved (`saved`), and while a recovery offer waits (`paused`), so
 * the offered draft is not overwritten before the person chooses.
 */
export function PostAutosave({
  storageKey,
  baseVersion,
  paused,
  saved,
  body,
  kept,
}: {
  storageKey: string;
  baseVersion: number | undefined;
  paused: boolean;
  saved: RefObject<boolean>;
  /** The editor's body, newer than `values.content` while typing goes on. */
  body: PostBody;
  kept: KeptAt;
}) {
  const { values, dirty } = useFormikContext<PostEditorValues>();
  const bodyPending = useSyncExternalStore(body.subscribe, body.pending);
  const changed = dirty || bodyPending;
  const latest = useRef(values);
  const active = useRef(false);
  const lastKept = useRef<string | null>(null);
  // Read by the timers and page events, which outlive the render that set them up.
  useEffect(() => {
    latest.current = values;
    active.current = changed && !paused;
  }, [values, changed, paused]);

  const write = useCallback(
    (values: PostEditorValues) => {
      const json = JSON.stringify(values);
      if (json === lastKept.current) return;
      const savedAt = Date.now();
      if (writeDraft(browserStorage(), storageKey, { values, savedAt, baseVersion })) {
        lastKept.current = json;
        kept.set(new Date(savedAt));
      }
    },
    [storageKey, baseVersion, kept],
  );

  /**
   * Keeps the form with the editor's newest body. While typing goes on, reading a long body and
   * writing the draft are two tasks (each short enough not to hold a key); a page going away gets both now.
   */
  const keep = useCallback(
    (now = false) => {
      if (paused || saved.current || !(active.current || body.pending())) return;
      const html = body.pending() ? body.read() : null;
      const values = html === null ? latest.current : { ...latest.current, content: html };
      if (now) write(values);
      else setTimeout(() => !saved.current && write(values), 0);
    },
    [saved, body, paused, write],
  );

  // After each pause in typing: in the fields (a new render) or in the body (its edits, no render).
  useEffect(() => {
    if (!changed || paused) return undefined;
    let timer = setTimeout(() => keep(), AUTOSAVE_PAUSE_MS);
    const stop = body.onEdit(() => {
      clearTimeout(timer);
      timer = setTimeout(() => keep(), AUTOSAVE_PAUSE_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [values, changed, paused, keep, body]);

  // And every few seconds while the typing never pauses.
  useEffect(() => {
    if (!changed || paused) return undefined;
    const timer = setInterval(() => keep(), AUTOSAVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [changed, paused, keep]);

  // The tab goes away (closed, reloaded, switched on a phone): keep what is there now.
  useEffect(() => {
    const flush = () => keep(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') keep(true);
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [keep]);

  return null;
}

/**
 * When this browser last kept the form. Its own small store, so the note under the save button
 * re-renders when a draft is kept, not the whole form (that happened every few seconds of typing).
 */
export class KeptAt {
  private at: Date | null = null;
  private readonly listeners = new Set<() => void>();
  readonly get = (): Date | null => this.at;
  set(at: Date): void {
    this.at = at;
    for (const listener of this.listeners) listener();
  }
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** „Kopia robocza zachowana w przeglądarce o HH:MM:SS”, announced politely. */
export function KeptNote({ kept }: { kept: KeptAt }) {
  const at = useSyncExternalStore(kept.subscribe, kept.get);
  return <>{at ? `Kopia robocza zachowana w przeglądarce o ${localClockTime(at, true)}` : ''}</>;
}

/** „Przywrócić niezapisane zmiany z HH:MM?” with „Przywróć” and „Odrzuć”. */
export function DraftRecoveryOffer({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: PostDraft;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert.Root status="warning" borderRadius="lg" alignItems="center" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{recoveryQuestion(draft)}</Alert.Title>
        <Alert.Description>
          Ta przeglądarka zachowała zmiany w tym poście, które nie zostały zapisane na serwerze.
        </Alert.Description>
      </Alert.Content>
      <HStack gap="2">
        <Button type="button" size="sm" colorPalette="brand" onClick={onRestore}>
          Przywróć
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
          Odrzuć
        </Button>
      </HStack>
    </Alert.Root>
  );
}
