import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { WebSocket } from 'ws';
import * as Y from 'yjs';

export interface CollabEditor {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  /** Resolves once the document is synced with the server (again, after a reconnect). */
  synced(): Promise<void>;
  /** Times the provider got its document synced: 1 on the first join, one more per reconnect. */
  syncs(): number;
  leave(): void;
}

/**
 * An editor of a shared post as the web's provider is, in Node: a Hocuspocus provider whose socket
 * carries a browser's session cookie and the site's Origin (and `headers`, e.g. X-Forwarded-Proto).
 * It reconnects by itself after `reconnectMs` (short, so drills need not wait a browser's backoff).
 */
export function openCollabEditor(options: {
  url: string;
  postId: number;
  cookie: string;
  origin: string;
  headers?: Record<string, string>;
  reconnectMs?: number;
}): CollabEditor {
  const headers = { ...options.headers, cookie: options.cookie, origin: options.origin };
  class BrowserSocket extends WebSocket {
    constructor(url: string) {
      super(url, { headers });
    }
  }
  const delay = options.reconnectMs ?? 100;
  const socket = new HocuspocusProviderWebsocket({
    url: options.url,
    WebSocketPolyfill: BrowserSocket,
    delay,
    minDelay: delay,
    maxDelay: delay * 4,
    factor: 1.5,
  });
  const doc = new Y.Doc();
  let syncs = 0;
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: String(options.postId),
    document: doc,
    onSynced: ({ state }) => {
      if (state) syncs += 1;
    },
  });
  provider.attach();
  return {
    provider,
    doc,
    synced: () =>
      provider.isSynced
        ? Promise.resolve()
        : new Promise((resolve) => {
            const onSynced = ({ state }: { state: boolean }) => {
              if (!state) return;
              provider.off('synced', onSynced);
              resolve();
            };
            provider.on('synced', onSynced);
          }),
    syncs: () => syncs,
    leave() {
      provider.destroy();
      socket.destroy();
    },
  };
}
