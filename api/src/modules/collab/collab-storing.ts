import type { Document } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { Deps } from '../../deps.ts';
import { postIdOfDocument } from './collab-access.ts';
import { COLLAB_META_MAP } from './collab-protocol.ts';
import { storeCollabState } from './collab-store.ts';

/**
 * When this process writes a shared document to the database, and when it must not.
 *
 * - A document whose post body was changed outside the session and not yet replaced in it
 *   (document name → the change) is not stored meanwhile, so the older text never goes back to the
 *   database; once every editor leaves, the next session starts from the saved body.
 * - Hocuspocus stores only changes of a process's own editors; one relayed from another process
 *   (Redis) is that process's to store. When it dies first, the relayed text lives here alone: a
 *   document changed since this process last stored it is stored when its last editor leaves.
 */
export function documentStoring(deps: Pick<Deps, 'sequelize'>) {
  const staleBodies = new Map<string, string>();
  const unstored = new Set<string>();

  const isStale = (document: Document) => {
    const change = staleBodies.get(document.name);
    if (change === undefined) return false;
    if (document.getMap(COLLAB_META_MAP).get('body') !== change) return true;
    staleBodies.delete(document.name);
    return false;
  };

  async function store(document: Document): Promise<void> {
    const postId = postIdOfDocument(document.name);
    if (postId === undefined || isStale(document)) return;
    // Before encoding: a change arriving while the write runs marks the document again.
    unstored.delete(document.name);
    try {
      await storeCollabState(deps, postId, Y.encodeStateAsUpdate(document));
    } catch (err) {
      // Not written: still to store (the document stays loaded when this ran before its unloading).
      unstored.add(document.name);
      throw err;
    }
  }

  return {
    store,
    /** Its body was changed outside the session: not stored until the change is in it. */
    bodyChanged: (name: string, change: string) => void staleBodies.set(name, change),
    changed: (name: string) => void unstored.add(name),
    /** Before unloading: stores what changed since this process's last store. */
    async storeIfChanged(document: Document): Promise<void> {
      if (unstored.has(document.name)) await store(document);
    },
    forget(name: string): void {
      staleBodies.delete(name);
      unstored.delete(name);
    },
  };
}
