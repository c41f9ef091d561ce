import { postSchema } from '@blog/shared/editor-schema';
import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { DOMParser, DOMSerializer } from '@tiptap/pm/model';
import { prosemirrorToYXmlFragment, yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import { parseHTML } from 'linkedom';
import type * as Y from 'yjs';
import { sanitizePostHtml } from '../../html/sanitize-html.ts';
import { COLLAB_FRAGMENT, COLLAB_META_MAP } from './collab-protocol.ts';

/**
 * The post body's document on the server: the editor's schema (@blog/shared/editor-schema) over a
 * server DOM (linkedom: a DOM without a window, so no script runs and nothing loads), made on first
 * use, once per process.
 */
interface ServerEditor {
  document: Document;
  schema: Schema;
  parser: DOMParser;
  serializer: DOMSerializer;
}

let editor: ServerEditor | undefined;

/** A server document whose body holds `html`. */
const serverDocument = (html: string): Document =>
  parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`).document as unknown as Document;

function serverEditor(): ServerEditor {
  if (editor) return editor;
  const document = serverDocument('');
  const schema = postSchema({ document });
  editor = {
    document,
    schema,
    parser: DOMParser.fromSchema(schema),
    serializer: DOMSerializer.fromSchema(schema),
  };
  return editor;
}

/** Drops the line breaks between elements, as TipTap does before reading HTML (elementFromString). */
function removeWhitespaces(node: { childNodes: ArrayLike<unknown> }): void {
  const children = node.childNodes as ArrayLike<{
    nodeType: number;
    nodeValue: string | null;
    childNodes: ArrayLike<unknown>;
    remove(): void;
  }>;
  for (let i = children.length - 1; i >= 0; i -= 1) {
    const child = children[i]!;
    if (child.nodeType === 3 && child.nodeValue && /^(\n\s\s|\n)$/.test(child.nodeValue)) child.remove();
    else if (child.nodeType === 1) removeWhitespaces(child);
  }
}

/** A post's body HTML as the editor reads it: a ProseMirror document of the editor's schema. */
export function sharedBodyOfHtml(html: string): ProseMirrorNode {
  const { parser } = serverEditor();
  const { body } = serverDocument(html);
  removeWhitespaces(body);
  return parser.parse(body);
}

/** The body of a ProseMirror document as a save stores it: written as the editor writes it, then sanitized. */
export function htmlOfBody(body: ProseMirrorNode): string {
  const { document, serializer } = serverEditor();
  const container = document.createElement('div');
  container.appendChild(serializer.serializeFragment(body.content, { document }));
  return sanitizePostHtml(container.innerHTML);
}

/** The body HTML a shared document holds, as a save of it stores it (the same sanitizer). */
export function htmlOfSharedDocument(doc: Y.Doc): string {
  const { schema } = serverEditor();
  return htmlOfBody(yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(COLLAB_FRAGMENT), schema));
}

/**
 * Fills a never-filled shared document with the post's HTML and sets its `seeded` flag, in one Yjs
 * transaction (the editors receive both in one update).
 */
export function fillSharedBody(doc: Y.Doc, html: string): void {
  const body = sharedBodyOfHtml(html);
  doc.transact(() => {
    const fragment = doc.getXmlFragment(COLLAB_FRAGMENT);
    // An empty paragraph an older editor wrote goes: the body replaces it.
    if (fragment.length > 0) fragment.delete(0, fragment.length);
    prosemirrorToYXmlFragment(body, fragment);
    doc.getMap(COLLAB_META_MAP).set('seeded', true);
  });
}

/**
 * Brings the shared body to `html` (a body saved outside the session) and notes `change` (the
 * saving transaction) in the flags, in one Yjs transaction. A diff (y-tiptap's, as the web editor's
 * `replaceSharedBody`): paragraphs the save did not touch stay the same items, with the others'
 * carets and typing in them.
 */
export function replaceSharedBody(doc: Y.Doc, html: string, change: string): void {
  const body = sharedBodyOfHtml(html);
  doc.transact(() => {
    prosemirrorToYXmlFragment(body, doc.getXmlFragment(COLLAB_FRAGMENT));
    doc.getMap(COLLAB_META_MAP).set('seeded', true);
    doc.getMap(COLLAB_META_MAP).set('body', change);
  });
}
