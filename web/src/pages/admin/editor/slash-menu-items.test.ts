import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions } from './editor-extensions.ts';
import { SLASH_MENU_KEY } from './slash-command.ts';
import { foldText } from '@blog/shared/fold';
import { SLASH_MENU_ITEMS, slashMenuItemsMatching } from './slash-menu-items.ts';
import { toolbarItem } from './editor-toolbar.tsx';

const labels = (query: string, administrator = false) =>
  slashMenuItemsMatching(query, { administrator }).map((item) => item.label);

describe('the `/` menu’s filter', () => {
  it('folds Polish letters and case, ł included', () => {
    expect(foldText('Osadź')).toBe('osadz');
    expect(foldText('ŻÓŁĆ gęślą')).toBe('zolc gesla');
    expect(foldText('Nagłówek')).toBe('naglowek');
  });

  it('finds a block by a folded or accented word, part of a word, any case', () => {
    expect(labels('ramk')).toEqual(['Ramka']);
    expect(labels('tabel')).toEqual(['Tabela']);
    expect(labels('osadz')).toEqual(['Osadź']);
    expect(labels('OSADŹ')).toEqual(['Osadź']);
    expect(labels('naglowek')).toEqual(['Nagłówek 2', 'Nagłówek 3', 'Nagłówek 4']);
    expect(labels('h3')).toEqual(['Nagłówek 3']);
    expect(labels('film')).toEqual(['Osadź']);
    expect(labels('zdjecie')).toEqual(['Wstaw obraz']);
  });

  it('puts the labels that start with the query first', () => {
    // „lista” starts two labels; „Linia pozioma” matches only through „li…” of other words.
    expect(labels('li')).toEqual(['Lista punktowana', 'Lista numerowana', 'Linia pozioma', 'Przycisk']);
  });

  it('offers everything for an empty query, and nothing for an unknown word', () => {
    expect(labels('')).toHaveLength(SLASH_MENU_ITEMS.length - 1);
    expect(labels('xyzzy')).toEqual([]);
  });

  it('offers the HTML card to administrators only', () => {
    expect(labels('html')).toEqual([]);
    expect(labels('html', true)).toEqual(['Blok HTML']);
    expect(labels('', true)).toHaveLength(SLASH_MENU_ITEMS.length);
  });

  it('names a toolbar command for each item, under the same label', () => {
    for (const item of SLASH_MENU_ITEMS) expect(toolbarItem(item.key)?.label).toBe(item.label);
  });
});

describe('where `/` opens the menu', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  const typeSlashInto = (html: string, at: number) => {
    editor?.destroy();
    editor = new Editor({
      extensions: editorExtensions({ slashMenu: { onChange: () => undefined, onKeyDown: () => false } }),
      content: html,
    });
    editor.chain().setTextSelection(at).insertContent('/').run();
    return Boolean(SLASH_MENU_KEY.getState(editor.state)?.active);
  };

  it('opens at the start of an empty paragraph of the body, and the typing filters it', () => {
    expect(typeSlashInto('<p>Akapit.</p><p></p>', 10)).toBe(true);
    editor!.commands.insertContent('tab');
    expect(SLASH_MENU_KEY.getState(editor!.state)?.query).toBe('tab');
  });

  it('stays shut inside text, in a list, a table or a callout', () => {
    expect(typeSlashInto('<p>Akapit.</p>', 8)).toBe(false);
    expect(typeSlashInto('<p>Akapit.</p>', 1)).toBe(false);
    expect(typeSlashInto('<ul><li><p></p></li></ul>', 3)).toBe(false);
    expect(typeSlashInto('<table><tbody><tr><td><p></p></td></tr></tbody></table>', 4)).toBe(false);
    expect(typeSlashInto('<div class="callout-card" data-callout="info"><p></p></div>', 2)).toBe(false);
  });
});
