import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { prosemirrorToYXmlFragment } from '@tiptap/y-tiptap';
import * as Y from 'yjs';

/** TipTap's fragment of the shared document, and the map of its flags (the server reads both names). */
export const COLLAB_FRAGMENT = 'default';
const META_MAP = 'meta';

/**
 * Never filled yet: no flag, and no content (an editor of an older build may have written the one
 * empty paragraph a document needs before anyone typed).
 */
export function isUnfilled(doc: Y.Doc): boolean {
  if (doc.getMap(META_MAP).get('seeded') === true) return false;
  const fragment = doc.getXmlFragment(COLLAB_FRAGMENT);
  const first = fragment.get(0);
  return (
    fragment.length === 0 || (fragment.length === 1 && first instanceof Y.XmlElement && first.length === 0)
  );
}

/**
 * Fills a never-filled shared document with `body` (the post's stored HTML as the editor parses it)
 * and sets its flag, in one Yjs transaction: the others receive the body and the flag in one update,
 * never half of it. No editor is bound to the document yet, so nothing typed can be in it. Returns
 * whether it filled the document.
 */
export function fillSharedDocument(doc: Y.Doc, body: () => ProseMirrorNode): boolean {
  if (!isUnfilled(doc)) return false;
  const content = body();
  doc.transact(() => {
    const fragment = doc.getXmlFragment(COLLAB_FRAGMENT);
    // An empty paragraph an older editor wrote goes: the body replaces it.
    if (fragment.length > 0) fragment.delete(0, fragment.length);
    prosemirrorToYXmlFragment(content, fragment);
    doc.getMap(META_MAP).set('seeded', true);
  });
  return true;
}

/**
 * Replaces the shared body with `body` (one saved outside the session, as the editor parses it) and
 * notes `change` (the saving transaction, as the server named it) in the flags, in one Yjs
 * transaction. The fragment is brought to the new body by a diff (y-tiptap), so paragraphs the save
 * did not touch stay the same items and the others' carets in them stay where they were.
 */
export function replaceSharedBody(doc: Y.Doc, body: ProseMirrorNode, change: string): void {
  doc.transact(() => {
    prosemirrorToYXmlFragment(body, doc.getXmlFragment(COLLAB_FRAGMENT));
    doc.getMap(META_MAP).set('seeded', true);
    doc.getMap(META_MAP).set('body', change);
  });
}

/** Whether the shared body already holds the body saved by `change`. */
export const holdsChange = (doc: Y.Doc, change: string): boolean =>
  doc.getMap(META_MAP).get('body') === change;
