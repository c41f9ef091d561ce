import type { Document } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { Deps } from '../../deps.ts';
import { postIdOfDocument } from './collab-access.ts';
import { claimLease, COLLAB_FRAGMENT, COLLAB_META_MAP } from './collab-protocol.ts';
import { loadPostBody } from './collab-store.ts';
import type { documentStoring } from './collab-storing.ts';

/**
 * The editor's schema over a server DOM (about 30 MB and half a second to load): loaded when a
 * process first fills or replaces a shared body, not when the API starts.
 */
const collabHtml = () => import('./collab-html.ts');

/** How long a process that did not get a change's lease waits before checking the document again (ms). */
const REPLACE_RETRY_MS = 5000;

/**
 * The server's own filling and replacing of shared bodies (collab-server.ts calls them): a new
 * document filled from the post's saved HTML, and a body saved outside the session brought into the
 * documents this process holds, one process across all per change (Redis leases).
 */
export function sharedBodies(options: {
  deps: Pick<Deps, 'redis' | 'sequelize' | 'logger'>;
  /** The Redis key prefix of co-editing. */
  prefix: string;
  storing: ReturnType<typeof documentStoring>;
  /** Whether this process still holds this very document. */
  isLoaded(document: Document): boolean;
}) {
  const { deps, prefix, storing } = options;
  const { logger } = deps;

  /**
   * Whether this process is the one to fill this empty document from the post's stored HTML, asked
   * by an editor: only while the document is empty and never seeded, and only for the first asker
   * across every API process (a Redis lease), so the post's text is never inserted twice.
   */
  async function mayClaimSeed(document: Document): Promise<boolean> {
    return mayFill(document) && claimLease(deps.redis, `${prefix}:seed:${document.name}`);
  }

  /** Never seeded, and empty (an editor may already have written the one empty paragraph a document needs). */
  function mayFill(document: Document): boolean {
    if (document.getMap(COLLAB_META_MAP).get('seeded') === true) return false;
    const fragment = document.getXmlFragment(COLLAB_FRAGMENT);
    const first = fragment.get(0);
    return (
      fragment.length === 0 || (fragment.length === 1 && first instanceof Y.XmlElement && first.length === 0)
    );
  }

  /**
   * Whether the asking editor (of an older build: the server replaces the body itself) is the one to
   * replace the shared body after `change`: only while the document does not hold it yet, and only if
   * nobody took the change's lease, the server's own replacing included.
   */
  async function mayClaimReplace(document: Document, change: string): Promise<boolean> {
    if (document.getMap(COLLAB_META_MAP).get('body') === change) return false;
    return claimLease(deps.redis, `${prefix}:replace:${document.name}:${change}`);
  }

  /** Fills a never-filled document from the post's saved HTML (a post deleted meanwhile: nothing). */
  async function seedDocument(document: Document): Promise<void> {
    const postId = postIdOfDocument(document.name);
    const html = postId === undefined ? undefined : await loadPostBody(deps, postId);
    const { fillSharedBody } = await collabHtml();
    if (html === undefined || !mayFill(document)) return;
    fillSharedBody(document, html);
    // Hocuspocus stores only its editors' changes: this one is stored here.
    await storing.store(document);
  }

  /** Replacings of one document run one after another, so a later change always lands last. */
  const replacing = new Map<string, Promise<void>>();
  const retries = new Set<ReturnType<typeof setTimeout>>();

  /**
   * Brings the shared body to the post saved by `change`, unless the document holds it already;
   * one process across all does it (a Redis lease per change). The others check again after
   * REPLACE_RETRY_MS while they still hold the document and it still lacks the change (should the
   * one that took the lease have died, the next takes it once the lease has run out).
   */
  async function replaceBody(document: Document, change: string): Promise<void> {
    const holds = () => document.getMap(COLLAB_META_MAP).get('body') === change;
    const loaded = () => options.isLoaded(document);
    if (holds() || !loaded()) return;
    if (await claimLease(deps.redis, `${prefix}:replace:${document.name}:${change}`)) {
      const postId = postIdOfDocument(document.name);
      const html = postId === undefined ? undefined : await loadPostBody(deps, postId);
      const { replaceSharedBody } = await collabHtml();
      if (html === undefined || holds() || !loaded()) return;
      replaceSharedBody(document, html, change);
      // Hocuspocus stores only its editors' changes: the replaced body is stored here, at once.
      await storing.store(document);
      return;
    }
    replaceLater(document, change);
  }

  function replaceLater(document: Document, change: string): void {
    const timer = setTimeout(() => {
      retries.delete(timer);
      queueReplace(document, change);
    }, REPLACE_RETRY_MS);
    timer.unref();
    retries.add(timer);
  }

  function queueReplace(document: Document, change: string): void {
    const previous = replacing.get(document.name) ?? Promise.resolve();
    const next = previous
      .then(() => replaceBody(document, change))
      .catch((err: unknown) => {
        logger.warn({ err: (err as Error).message, document: document.name }, 'collab body replace failed');
        // Tried again (by whichever process takes the lease once it has run out).
        replaceLater(document, change);
      })
      .finally(() => {
        if (replacing.get(document.name) === next) replacing.delete(document.name);
      });
    replacing.set(document.name, next);
  }

  return {
    mayClaimSeed,
    seedDocument,
    mayClaimReplace,
    queueReplace,
    /** Stops the retries and waits for the replacings under way. */
    async close(): Promise<void> {
      for (const retry of retries) clearTimeout(retry);
      await Promise.allSettled([...replacing.values()]);
    },
  };
}
