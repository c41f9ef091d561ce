import { readFileSync } from 'node:fs';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { sanitizePostHtml } from '../../../../../api/src/html/sanitize-html.ts';
import { parseGhost } from '../../../../../api/src/modules/transfer/ghost-parser.ts';
import { importedPostHtml } from '../../../../../api/src/modules/transfer/import-html.ts';
import { parseWxr } from '../../../../../api/src/modules/transfer/wxr-parser.ts';
import { editorExtensions } from './editor-extensions.ts';

/**
 * Every post of every import fixture, as the import stores it, opened in the editor, one character
 * typed, saved (the editor's HTML through the server's sanitizer): every element the import kept is
 * still there, as many times, with the same text (plus the typed character). Paragraphs are not
 * counted (the editor writes a list item's text in one; an image is a block, so the text around a
 * linked image becomes paragraphs of its own), nor the HTML card's frame, nor the default alignment
 * the editor writes out, nor an <a> the sanitizer left without its refused address.
 */
const fixture = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const wordpress = [
  '../../../../test/fixtures/import/valid-wxr-1.1.xml',
  '../../../../test/fixtures/import/wordpress-blocks.xml',
  '../../../../../api/test/import-files/wordpress-export.xml',
].flatMap((path) => parseWxr(fixture(path), []).posts.map((post) => [`${path}: ${post.title}`, post.html]));
const ghost = parseGhost(
  JSON.parse(fixture('../../../../../api/test/import-files/ghost-export.json')),
  [],
  'tags',
).posts.map((post) => [`ghost-export.json: ${post.title}`, post.html]);

/** How many of each element (`a[href]`, `img[src]`, …) and the text, white space aside. */
function inventory(html: string) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const counts: Record<string, number> = {};
  for (const element of Array.from(body.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (tag === 'p' || (tag === 'div' && element.classList.contains('html-card'))) continue;
    // A link whose address the sanitizer refused is no link any more: its text is counted.
    if (tag === 'a' && !element.hasAttribute('href')) continue;
    // The editor writes its default alignment out (`text-align: left`), which changes nothing.
    const attributes = Array.from(element.attributes)
      .filter(({ name, value }) => !(name === 'style' && /^text-align: left;?$/.test(value)))
      .map(({ name }) => `[${name}]`)
      .sort();
    const key = tag + attributes.join('');
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return { counts, text: (body.textContent ?? '').replace(/\s+/g, '') };
}

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

describe('opening an imported post and saving it keeps everything the import kept', () => {
  it('reads every fixture post', () => {
    expect(wordpress.length + ghost.length).toBeGreaterThanOrEqual(7);
  });

  it.each([...wordpress, ...ghost])('%s', (_name, html) => {
    const stored = importedPostHtml(html ?? '', new Map()).content;
    editor = new Editor({ extensions: editorExtensions(), content: stored });
    // One character typed at the end of the last text block, as a person would (at the very end of
    // a post that ends with an image the image would be selected, and typing replaces a selection).
    let end = 0;
    editor.state.doc.descendants((node, position) => {
      if (node.isTextblock) end = position + node.nodeSize - 1;
    });
    editor.chain().setTextSelection(end).insertContent('x').run();
    const saved = sanitizePostHtml(editor.getHTML());

    const before = inventory(stored);
    const after = inventory(saved);
    expect(after.counts).toEqual(before.counts);
    expect(after.text).toBe(`${before.text}x`);
  });
});
