import { Editor, createDocument, getHTMLFromFragment, getSchema } from '@tiptap/core';
import { Awareness } from 'y-protocols/awareness';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collabExtensions } from './collab-extensions.ts';
import {
  COLLAB_FRAGMENT,
  fillSharedDocument,
  holdsChange,
  isUnfilled,
  replaceSharedBody,
} from './collab-seed.ts';
import { editorExtensions } from './editor-extensions.ts';

const html =
  '<h2>Tatry</h2><p>Świt nad <strong>Giewontem</strong>.</p><ul><li><p>Kasprowy</p></li></ul><p>Koniec.</p>';
const bodyOf = (source: string) => () => createDocument(source, getSchema(editorExtensions()));

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

/** An editor bound to `doc` as the post screen makes it. */
function sharedEditor(doc: Y.Doc) {
  const editor = new Editor({
    extensions: editorExtensions(
      {},
      collabExtensions({ doc, awareness: new Awareness(doc), user: { name: 'Ala', color: '#c53030' } }),
    ),
  });
  editors.push(editor);
  return { editor };
}

const aloneHtml = (source: string) => {
  const editor = new Editor({ extensions: editorExtensions(), content: source });
  editors.push(editor);
  return editor.getHTML();
};

describe('filling a new shared document from the post body', () => {
  it('fills it once, in one update holding the body and the flag', () => {
    const doc = new Y.Doc();
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    expect(isUnfilled(doc)).toBe(true);

    expect(fillSharedDocument(doc, bodyOf(html))).toBe(true);
    expect(isUnfilled(doc)).toBe(false);
    expect(updates).toHaveLength(1);
    // Asked again (a second grant, a retry): nothing is inserted twice.
    expect(fillSharedDocument(doc, bodyOf(html))).toBe(false);
    expect(updates).toHaveLength(1);

    // Another editor receives that one update: known filled, the body once, as the editor alone reads it.
    const other = new Y.Doc();
    Y.applyUpdate(other, updates[0]!);
    expect(isUnfilled(other)).toBe(false);
    const { editor } = sharedEditor(other);
    expect(editor.getHTML()).toBe(aloneHtml(html));
    expect(editor.getText().split('Kasprowy')).toHaveLength(2);
    // What the editor compares to tell a shown body from one holding unsaved text (rich-text-editor.tsx).
    expect(editor.getHTML()).toBe(getHTMLFromFragment(bodyOf(html)().content, editor.schema));
  });

  it('keeps what is typed after the editor appears', () => {
    const doc = new Y.Doc();
    fillSharedDocument(doc, bodyOf(html));
    const { editor } = sharedEditor(doc);
    editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' Dopisane.');
    // A late grant (the lease of an editor who left) finds the document filled and changes nothing.
    expect(fillSharedDocument(doc, bodyOf('<p>Inna treść.</p>'))).toBe(false);
    expect(editor.getText()).toContain('Koniec. Dopisane.');
    expect(editor.getText()).not.toContain('Inna treść.');
  });

  it('takes a document emptied by its writers (flag set) as filled, and replaces an empty paragraph', () => {
    const emptied = new Y.Doc();
    fillSharedDocument(emptied, bodyOf(html));
    const fragment = emptied.getXmlFragment(COLLAB_FRAGMENT);
    fragment.delete(0, fragment.length);
    expect(isUnfilled(emptied)).toBe(false);

    // An editor bound before the fill (an older build) wrote the one empty paragraph a document needs.
    const older = new Y.Doc();
    older.getXmlFragment(COLLAB_FRAGMENT).insert(0, [new Y.XmlElement('paragraph')]);
    expect(isUnfilled(older)).toBe(true);
    expect(fillSharedDocument(older, bodyOf(html))).toBe(true);
    expect(sharedEditor(older).editor.getHTML()).toBe(aloneHtml(html));
  });
});

describe('replacing the shared body with one saved outside the session', () => {
  it('shows the saved body to a bound editor in one update, keeping untouched paragraphs as they were', () => {
    const doc = new Y.Doc();
    fillSharedDocument(doc, bodyOf(html));
    const { editor } = sharedEditor(doc);
    const untouched = doc.getXmlFragment(COLLAB_FRAGMENT).get(0);
    const saved = '<h2>Tatry</h2><p>Zmierzch nad <em>Kasprowym</em>.</p><p>Koniec.</p>';
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));

    expect(holdsChange(doc, '42')).toBe(false);
    replaceSharedBody(doc, bodyOf(saved)(), '42');

    expect(updates).toHaveLength(1);
    expect(holdsChange(doc, '42')).toBe(true);
    expect(editor.getHTML()).toBe(aloneHtml(saved));
    // The heading nobody changed is the same Yjs item: a caret or a concurrent edit in it stays.
    expect(doc.getXmlFragment(COLLAB_FRAGMENT).get(0)).toBe(untouched);
  });
});
