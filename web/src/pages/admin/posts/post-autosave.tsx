import { Alert, Button, HStack } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
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
  onKept,
}: {
  storageKey: string;
  baseVersion: number | undefined;
  paused: boolean;
  saved: RefObject<boolean>;
  onKept: (at: Date) => void;
}) {
  const { values, dirty } = useFormikContext<PostEditorValues>();
  const latest = useRef(values);
  const active = useRef(false);
  const lastKept = useRef<string | null>(null);
  // Read by the timers and page events, which outlive the render that set them up.
  useEffect(() => {
    latest.current = values;
    active.current = dirty && !paused;
  }, [values, dirty, paused]);

  const keep = useCallback(() => {
    if (!active.current || saved.current) return;
    const json = JSON.stringify(latest.current);
    if (json === lastKept.current) return;
    const savedAt = Date.now();
    if (writeDraft(browserStorage(), storageKey, { values: latest.current, savedAt, baseVersion })) {
      lastKept.current = json;
      onKept(new Date(savedAt));
    }
  }, [storageKey, baseVersion, saved, onKept]);

  // After each pause in typing.
  useEffect(() => {
    if (!dirty || paused) return undefined;
    const timer = setTimeout(keep, AUTOSAVE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [values, dirty, paused, keep]);

  // And every few seconds while the typing never pauses.
  useEffect(() => {
    if (!dirty || paused) return undefined;
    const timer = setInterval(keep, AUTOSAVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [dirty, paused, keep]);

  // The tab goes away (closed, reloaded, switched on a phone): keep what is there now.
  useEffect(() => {
    const flush = () => keep();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') keep();
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
