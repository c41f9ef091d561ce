import { Editor } from '@tiptap/core';
import { prosemirrorToYXmlFragment } from '@tiptap/y-tiptap';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { sanitizePostHtml } from '../../../../../api/src/html/sanitize-html.ts';
import { htmlOfSharedDocument, sharedBodyOfHtml } from '../../../../../api/src/modules/collab/collab-html.ts';
import {
  button,
  callout,
  embed,
  everything,
  gallery,
  image,
  table,
  toggle,
} from '../../../../test/editor-html.fixtures.ts';
import { fillSharedDocument } from './collab-seed.ts';
import { editorExtensions } from './editor-extensions.ts';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** What a save from the web editor stores after it reads `html`: its getHTML, sanitized. */
const savedByEditor = (html: string) => {
  editor?.destroy();
  editor = new Editor({ extensions: editorExtensions(), content: html });
  return sanitizePostHtml(editor.getHTML());
};

/** A shared document as its updates reach another process (encoded and applied). */
const transported = (doc: Y.Doc) => {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
};

describe('the server writes a shared body as the web editor does', () => {
  it.each([
    ['every node and mark', everything],
    ['a figure with alt and caption', `<figure>${image}<figcaption>Giewont &amp; mgła</figcaption></figure>`],
    [
      'a table in a toggle, a callout after it',
      `<details><summary>Tabela</summary>${table}</details>${callout}`,
    ],
    ['cards', [button, toggle, embed, gallery].join('')],
    [
      'aligned text and h5',
      '<h5>a</h5><p style="text-align: center">b</p><p style="text-align: justify">c</p>',
    ],
  ])('%s: filled by the web editor, read on the server', (_name, html) => {
    const expected = savedByEditor(html);
    const doc = new Y.Doc();
    // The editor's own filling of a new shared document (collab-seed.ts), from its parsed body.
    fillSharedDocument(doc, () => editor!.state.doc);
    expect(htmlOfSharedDocument(transported(doc))).toBe(expected);
  });

  it.each([
    ['every node and mark', everything],
    ['cards', [table, callout, button, toggle, embed, gallery].join('')],
  ])('%s: read and filled on the server, written as the editor writes it', (_name, html) => {
    const doc = new Y.Doc();
    prosemirrorToYXmlFragment(sharedBodyOfHtml(html), doc.getXmlFragment('default'));
    expect(htmlOfSharedDocument(transported(doc))).toBe(savedByEditor(html));
  });
});
