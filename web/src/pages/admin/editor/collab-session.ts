import { HocuspocusProvider, WebSocketStatus } from '@hocuspocus/provider';
import type { Extensions } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { CollabPeer, CollabPerson } from './collab-caret.ts';
import { collabExtensions } from './collab-extensions.ts';
import { fetchAdminPost } from '../../../api/admin-posts.ts';
import { fillSharedDocument, holdsChange, isUnfilled, replaceSharedBody } from './collab-seed.ts';

/** The server's address of live co-editing (the API's own host and port). */
export const COLLAB_PATH = '/api/collab';
export interface CollabSession {
  doc: Y.Doc;
  awareness: Awareness;
  provider: HocuspocusProvider;
  /** Synced at least once. */
  ready: boolean;
  /**
   * The document is known filled (it had content or its flag, this editor filled it, or the filled
   * document arrived): only then the editor shows it, so nothing is typed into a document the post's
   * body is still to fill.
   */
  filled: boolean;
  online: boolean;
  /** Why the server refused or ended this editor's access; co-editing is then off. */
  refusal: string | null;
  /** The others in the post now. */
  peers: CollabPeer[];
  /** The editor's extensions binding it to the document, with `user`'s caret. */
  bind(user: CollabPerson): Extensions;
}

/** The server's stateless messages (api/src/modules/collab/collab-protocol.ts). */
type ServerMessage =
  | { type: 'seed'; granted: boolean }
  | { type: 'body-changed'; change: string }
  | { type: 'replace'; change: string; granted: boolean };

/** How long an editor refused the replacing waits before asking again, should nobody have done it (ms). */
const REPLACE_RETRY_MS = 5000;

const collabUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${COLLAB_PATH}`;

/**
 * Opens the shared document of post `postId` and its connection (Hocuspocus over the session cookie);
 * `onChange` hears every change of the session's state. A new shared document is filled from the
 * post's HTML by one editor only: the first to ask the server (Hocuspocus stateless message), so two
 * editors opening a post together never insert its text twice. `body` is the post's stored body as
 * the editor reads it (asked only when this editor fills). This module, with Yjs and the provider,
 * is loaded only when a post opens shared (collab-mode.ts).
 */
export function startCollabSession(
  postId: number,
  user: CollabPerson,
  body: () => ProseMirrorNode,
  onChange: (change: Partial<CollabSession>) => void,
  /** Parses a body's HTML as the editor reads it (a body saved outside the session replaces the shared one). */
  parse: (html: string) => ProseMirrorNode,
): { session: CollabSession; stop(): void } {
  const doc = new Y.Doc();
  const awareness = new Awareness(doc);
  awareness.setLocalStateField('user', user);
  let seedRetry: ReturnType<typeof setTimeout> | undefined;
  let replaceRetry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const askToReplace = (change: string) => {
    if (!stopped && !holdsChange(doc, change))
      provider.sendStateless(JSON.stringify({ type: 'replace', change }));
  };
  /** Granted: reads the saved post and puts its body in the shared document for everyone. */
  const replaceFromServer = async (change: string) => {
    try {
      const post = await fetchAdminPost(postId);
      if (!stopped && !holdsChange(doc, change)) replaceSharedBody(doc, parse(post.content), change);
    } catch {
      // Not read (offline, signed out): the server grants another editor after the lease.
      replaceRetry = setTimeout(() => askToReplace(change), REPLACE_RETRY_MS);
    }
  };
  const askToSeed = () => {
    if (isUnfilled(doc)) provider.sendStateless(JSON.stringify({ type: 'seed' }));
  };
  // Known filled once it holds a body or the flag, whoever put it there (this editor, the
  // server's stored copy, another editor's seed): checked after every change until then.
  let filled = false;
  const onUpdate = () => {
    if (filled || isUnfilled(doc)) return;
    filled = true;
    doc.off('update', onUpdate);
    onChange({ filled: true });
  };
  doc.on('update', onUpdate);
  const provider = new HocuspocusProvider({
    url: collabUrl(),
    name: String(postId),
    document: doc,
    awareness,
    onSynced: () => {
      onChange({ ready: true });
      askToSeed();
    },
    onStatus: ({ status }) => onChange({ online: status === WebSocketStatus.Connected }),
    onAuthenticationFailed: ({ reason }) => onChange({ refusal: reason }),
    onClose: ({ event }) => {
      // 4000–4999: the server ended this editor's access and said why; anything else is the network.
      if (event.code >= 4000 && event.code < 5000 && event.reason) onChange({ refusal: event.reason });
    },
    onStateless: ({ payload }) => {
      let answer: ServerMessage;
      try {
        answer = JSON.parse(payload) as ServerMessage;
      } catch {
        return;
      }
      if (answer.type === 'body-changed') {
        askToReplace(answer.change);
        return;
      }
      if (answer.type === 'replace') {
        const { change } = answer;
        if (answer.granted) void replaceFromServer(change);
        else {
          clearTimeout(replaceRetry);
          replaceRetry = setTimeout(() => askToReplace(change), REPLACE_RETRY_MS);
        }
        return;
      }
      if (answer.type !== 'seed') return;
      if (answer.granted) {
        fillSharedDocument(doc, body);
      } else if (isUnfilled(doc)) {
        // Another editor holds the lease; should they leave without filling it, ask again.
        seedRetry = setTimeout(askToSeed, 5000);
      }
    },
  });
  // The browser knows at once when the network goes (the socket itself may take half a minute to
  // notice): the editor says so, and the connection starts afresh when the network is back. What is
  // typed meanwhile stays in the document and is exchanged on reconnecting (Yjs merges both ways).
  const websocket = provider.configuration.websocketProvider;
  const wentOffline = () => {
    onChange({ online: false });
    websocket.disconnect();
  };
  const cameOnline = () => {
    void websocket.connect();
  };
  window.addEventListener('offline', wentOffline);
  window.addEventListener('online', cameOnline);
  const peersOf = (): CollabPeer[] =>
    [...awareness.getStates()].flatMap(([clientId, state]) => {
      const person = (state as { user?: CollabPerson }).user;
      return clientId !== doc.clientID && person ? [{ clientId, ...person }] : [];
    });
  const onAwareness = () => onChange({ peers: peersOf() });
  awareness.on('change', onAwareness);
  return {
    session: {
      doc,
      awareness,
      provider,
      ready: false,
      filled: false,
      online: false,
      refusal: null,
      peers: [],
      bind: (person) => collabExtensions({ doc, awareness, user: person }),
    },
    stop() {
      stopped = true;
      window.removeEventListener('offline', wentOffline);
      window.removeEventListener('online', cameOnline);
      clearTimeout(seedRetry);
      clearTimeout(replaceRetry);
      doc.off('update', onUpdate);
      awareness.off('change', onAwareness);
      provider.destroy();
      awareness.destroy();
      doc.destroy();
    },
  };
}
