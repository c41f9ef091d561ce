import { Editor } from '@tiptap/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { sanitizePostHtml } from '../../../../../../api/src/html/sanitize-html.ts';
import { editorExtensions } from '../editor-extensions.ts';
import { NEW_TABLE } from './table-card.ts';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const open = (html: string) => {
  editor = new Editor({ extensions: editorExtensions(), content: html });
  return editor;
};
/** The editor's HTML without TextAlign's default alignment (kept by the server; beside the point here). */
const html = (current: Editor) =>
  current
    .getHTML()
    .replaceAll(' style="text-align: left;"', '')
    // The empty paragraph the editor keeps after a last block (for typing there).
    .replace(/<p><\/p>$/, '');

/** A key pressed in the editor, as the browser hands it over. */
const press = (current: Editor, key: string) =>
  current.view.someProp('handleKeyDown', (handle) =>
    handle(current.view, new KeyboardEvent('keydown', { key, bubbles: true })),
  );

const emptyRow = (cell: 'th' | 'td', cells = 3) => `<tr>${`<${cell}><p></p></${cell}>`.repeat(cells)}</tr>`;

describe('the cards’ editing commands write the stored form', () => {
  it('a new table is 3 × 3 with a header row; rows, columns and the header row change as asked', () => {
    const current = open('<p>a</p>');
    current.chain().setTextSelection(2).insertTable(NEW_TABLE).run();
    expect(html(current)).toBe(
      `<p>a</p><table><tbody>${emptyRow('th')}${emptyRow('td')}${emptyRow('td')}</tbody></table>`,
    );
    // Table commands read the state they are given: one at a time, as the table toolbar runs them.
    current.commands.addRowAfter();
    current.commands.addColumnAfter();
    expect(html(current)).toContain(`<tbody>${emptyRow('th', 4)}${emptyRow('td', 4)}`);
    expect(html(current).match(/<tr>/g)).toHaveLength(4);
    // The caret is in the header row: that row and the new column go.
    current.commands.deleteRow();
    current.commands.deleteColumn();
    expect(html(current)).toBe(
      `<p>a</p><table><tbody>${emptyRow('td')}${emptyRow('td')}${emptyRow('td')}</tbody></table>`,
    );
    current.commands.toggleHeaderRow();
    expect(html(current)).toBe(
      `<p>a</p><table><tbody>${emptyRow('th')}${emptyRow('td')}${emptyRow('td')}</tbody></table>`,
    );
    current.chain().deleteTable().run();
    expect(html(current)).not.toContain('<table');
  });

  it('an empty table is kept as it is: saved, sanitized and read back unchanged', () => {
    // docs/editor-cards.md: a table is work in progress until the writer removes it („Usuń tabelę”).
    const current = open('<p>a</p>');
    current.chain().focus('end').insertTable(NEW_TABLE).run();
    const written = html(current);
    expect(written).toBe(
      `<p>a</p><table><tbody>${emptyRow('th')}${emptyRow('td')}${emptyRow('td')}</tbody></table>`,
    );
    const stored = sanitizePostHtml(written);
    expect(stored).toBe(written);
    expect(html(open(stored))).toBe(written);
  });

  it('a callout wraps the paragraph; its kind and emoji are attributes of the frame', () => {
    const current = open('<p>Uwaga</p>');
    current.chain().setTextSelection(2).toggleWrap('calloutCard').run();
    expect(html(current)).toBe('<div class="callout-card" data-callout="info"><p>Uwaga</p></div>');
    current.chain().updateAttributes('calloutCard', { kind: 'warning', emoji: '⚠️' }).run();
    expect(html(current)).toBe(
      '<div class="callout-card" data-callout="warning" data-emoji="⚠️"><p>Uwaga</p></div>',
    );
  });

  it('a button is inserted, then changed when selected', () => {
    const current = open('<p>a</p>');
    current
      .chain()
      .setTextSelection(2)
      .setButtonCard({ text: 'Zapisz się', href: 'https://example.com' })
      .run();
    const button = (text: string, href: string) =>
      `<div class="button-card"><a target="_blank" rel="noopener noreferrer" href="${href}">${text}</a></div>`;
    expect(html(current)).toContain(button('Zapisz się', 'https://example.com'));
    let at = -1;
    current.state.doc.descendants((node, pos) => {
      if (node.type.name === 'buttonCard') at = pos;
    });
    current.chain().setNodeSelection(at).setButtonCard({ text: 'Kup', href: 'https://example.com/b' }).run();
    expect(html(current).match(/button-card/g)).toHaveLength(1);
    expect(html(current)).toContain(button('Kup', 'https://example.com/b'));
  });

  it('a new toggle takes the caret into its title; Enter there goes to its content', () => {
    const current = open('<p></p>');
    current.chain().focus().insertToggle().run();
    current.commands.insertContent('Szczegóły');
    expect(press(current, 'Enter')).toBe(true);
    current.commands.insertContent('Treść');
    expect(html(current)).toMatch(/^<details><summary>Szczegóły<\/summary><p>Treść<\/p><\/details>/);
  });
});

// Random documents of the cards and what they may hold, written by the editor: each is kept as it is
// by the server's sanitizer and read back by the editor to the same HTML.
const word = fc.constantFrom('Tatry', 'zażółć', 'a & b', '1 < 2', 'gęślą jaźń', ' ');
const inline = fc
  .tuple(word, fc.constantFrom('', 'strong', 'em', 'u', 'code'))
  .map(([text, mark]) => (mark ? `<${mark}>${text}</${mark}>` : text));
const paragraph = fc.array(inline, { minLength: 0, maxLength: 3 }).map((parts) => `<p>${parts.join('')}</p>`);
const paragraphs = fc.array(paragraph, { minLength: 1, maxLength: 3 }).map((list) => list.join(''));
const table = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.boolean())
  .chain(([rows, cols, header]) =>
    fc.array(paragraph, { minLength: rows * cols, maxLength: rows * cols }).map((cells) => {
      const row = (index: number) => {
        const cell = header && index === 0 ? 'th' : 'td';
        const content = cells.slice(index * cols, (index + 1) * cols);
        return `<tr>${content.map((p) => `<${cell}>${p}</${cell}>`).join('')}</tr>`;
      };
      return `<table><tbody>${Array.from({ length: rows }, (_, index) => row(index)).join('')}</tbody></table>`;
    }),
  );
const callout = fc
  .tuple(fc.constantFrom('info', 'warning'), fc.constantFrom('', '💡', '⚠️', '📌', '✅', '❗'), paragraphs)
  .map(
    ([kind, emoji, body]) =>
      `<div class="callout-card" data-callout="${kind}"${emoji ? ` data-emoji="${emoji}"` : ''}>${body}</div>`,
  );
const button = fc
  .tuple(fc.constantFrom('Zapisz się', 'Kup & czytaj'), fc.constantFrom('_blank', '_self'))
  .map(
    ([text, target]) =>
      `<div class="button-card"><a target="${target}" rel="noopener noreferrer" href="https://example.com/?a=1&amp;b=2">${text.replace('&', '&amp;')}</a></div>`,
  );
const toggle = fc
  .tuple(fc.constantFrom('', 'Szczegóły', 'Więcej & mniej'), fc.oneof(paragraphs, table, callout))
  .map(([title, body]) => `<details><summary>${title.replace('&', '&amp;')}</summary>${body}</details>`);

describe('random documents of cards', () => {
  it('round-trip editor → HTML → sanitizer → editor unchanged', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(paragraph, table, callout, button, toggle), { minLength: 1, maxLength: 5 }),
        (blocks) => {
          const written = html(open(blocks.join('')));
          editor?.destroy();
          // `html` drops the empty paragraph the editor keeps after a last block; a document that ends in
          // an empty paragraph of its own would lose that one too, in the comparison, not the editor.
          fc.pre(!written.endsWith('<p></p>'));
          expect(sanitizePostHtml(written)).toBe(written);
          expect(html(open(sanitizePostHtml(written)))).toBe(written);
          editor?.destroy();
          editor = undefined;
        },
      ),
      { numRuns: 12 },
    );
  }, 60_000);
});
