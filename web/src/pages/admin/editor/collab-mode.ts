import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../../api/session.ts';
import { markSharedBody } from '../../../api/shared-bodies.ts';
import type { CollabPerson } from './collab-caret.ts';
import type { CollabSession } from './collab-session.ts';

/** How long the editor waits for the shared document before the writer edits alone (ms). */
const COLLAB_WAIT_MS = 5000;

/** Readable on white, and told apart from each other; a person keeps theirs (by account id). */
const COLORS = ['#c53030', '#2b6cb0', '#2f855a', '#b7791f', '#6b46c1', '#c05621', '#00838f', '#b83280'];
const colorOf = (userId: number): string => COLORS[userId % COLORS.length]!;

/**
 * The shared document of post `postId` while it is given (null before it is open). Yjs, the provider
 * and TipTap's Collaboration are fetched here, with collab-session.ts, only for a post opened shared:
 * a new post, or one edited alone, never downloads them.
 */
function useCollabSession(
  postId: number | undefined,
  me: CollabPerson,
  body: () => ProseMirrorNode,
  parse: (html: string) => ProseMirrorNode,
): CollabSession | null {
  const [session, setSession] = useState<CollabSession | null>(null);
  const { name, color } = me;
  const latest = useRef({ me, body, parse });
  useEffect(() => {
    latest.current = { me, body, parse };
  });

  useEffect(() => {
    if (postId === undefined) return;
    let stop: (() => void) | null = null;
    let gone = false;
    void import('./collab-session.ts').then(
      ({ startCollabSession }) => {
        if (gone) return;
        const started = startCollabSession(
          postId,
          latest.current.me,
          () => latest.current.body(),
          (change) => setSession((current) => (current ? { ...current, ...change } : current)),
          (html) => latest.current.parse(html),
        );
        stop = started.stop;
        setSession(started.session);
      },
      // Not loaded (offline, a new deployment): no session, so the wait below ends alone.
      () => undefined,
    );
    // The connection is an outside system made here (and closed here, StrictMode mounts twice).
    return () => {
      gone = true;
      stop?.();
      setSession(null);
    };
  }, [postId]);

  // A change of name shows to the others without reconnecting.
  useEffect(() => {
    session?.awareness.setLocalStateField('user', { name, color });
  }, [session?.awareness, name, color]);

  return session;
}

/**
 * Whether the post body is edited shared or alone, chosen once: shared when the document has arrived
 * and is known filled (see CollabSession.filled), alone when there is none to join (a new post), the
 * server refuses, or the filled document is not there in time; it never switches under the writer's
 * hands. Alone, the connection is closed (the others do not see this editor in the post). `body` is
 * the post's stored body, should this editor be the one to fill a new shared document.
 */
export function useEditingMode(
  postId: number | undefined,
  body: () => ProseMirrorNode,
  /** Parses a body's HTML as the editor reads it. */
  parse: (html: string) => ProseMirrorNode,
): {
  mode: 'waiting' | 'shared' | 'alone';
  session: CollabSession | null;
  /** This person as the others see them (name and caret colour). */
  me: CollabPerson;
} {
  const { user } = useSession();
  const me = {
    name: user?.displayName || user?.username || 'Ktoś',
    color: colorOf(user?.id ?? 0),
  };
  const [mode, setMode] = useState<'waiting' | 'shared' | 'alone'>(
    postId === undefined ? 'alone' : 'waiting',
  );
  const session = useCollabSession(mode === 'alone' ? undefined : postId, me, body, parse);
  // Decided during render, once (React's pattern for state that follows other state).
  if (mode === 'waiting' && session?.refusal) setMode('alone');
  else if (mode === 'waiting' && session?.ready && session.filled) setMode('shared');
  useEffect(() => {
    if (mode !== 'waiting') return;
    const timer = setTimeout(
      () => setMode((current) => (current === 'waiting' ? 'alone' : current)),
      COLLAB_WAIT_MS,
    );
    return () => clearTimeout(timer);
  }, [mode]);
  // Saves of a shared body say so (X-Shared-Body): the others hold it already.
  useEffect(() => {
    if (mode !== 'shared' || postId === undefined) return undefined;
    return markSharedBody(postId);
  }, [mode, postId]);
  return { mode, session, me };
}
