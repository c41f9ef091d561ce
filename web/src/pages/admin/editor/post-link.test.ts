import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions } from './editor-extensions.ts';
import { findLinks } from './editor-urls.ts';

describe('addresses found in pasted text', () => {
  it('finds addresses with a scheme, www. hosts and e-mail addresses, without the sentence around them', () => {
    expect(
      findLinks('Zobacz https://example.com/a?b=1, (www.tatry.pl) albo napisz: ola@example.com.'),
    ).toEqual([
      { index: 7, text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { index: 35, text: 'www.tatry.pl', href: 'https://www.tatry.pl' },
      { index: 62, text: 'ola@example.com', href: 'mailto:ola@example.com' },
    ]);
  });

  it('keeps brackets that belong to the address', () => {
    expect(findLinks('(https://pl.wikipedia.org/wiki/Rysy_(szczyt))').map((link) => link.text)).toEqual([
      'https://pl.wikipedia.org/wiki/Rysy_(szczyt)',
    ]);
  });

  it('takes a bare host only when it is the whole text', () => {
    expect(findLinks(' example.com ')).toEqual([
      { index: 1, text: 'example.com', href: 'https://example.com' },
    ]);
    expect(findLinks('plik obraz.png i example.com')).toEqual([]);
  });

  it('never links a scheme outside the allowed list', () => {
    expect(findLinks('javascript:alert(1) data:text/html,x vbscript:x')).toEqual([]);
  });
});

describe('the link mark', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  const make = (html: string) => {
    editor = new Editor({ extensions: editorExtensions(), content: html });
    return editor;
  };
  const html = (current: Editor) => current.getHTML().replaceAll(' style="text-align: left;"', '');
  // jsdom has no ClipboardEvent: ProseMirror's paste is given a plain event.
  const paste = (current: Editor, text: string) =>
    current.view.pasteText(text, new Event('paste') as ClipboardEvent);

  it('turns the addresses of pasted text into links', () => {
    const current = make('<p></p>');
    paste(current, 'Szlak: https://tatry.pl/szlaki i www.pttk.pl.');
    expect(html(current)).toBe(
      '<p>Szlak: <a target="_blank" rel="noopener noreferrer" href="https://tatry.pl/szlaki">https://tatry.pl/szlaki</a> i <a target="_blank" rel="noopener noreferrer" href="https://www.pttk.pl">www.pttk.pl</a>.</p>',
    );
  });

  it('links the selected text to an address pasted over it', () => {
    const current = make('<p>Rysy i Giewont</p>');
    current.commands.setTextSelection({ from: 1, to: 5 });
    paste(current, 'example.com');
    expect(html(current)).toBe(
      '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com">Rysy</a> i Giewont</p>',
    );
  });

  it('refuses a link outside the allowed schemes, from a command or from stored HTML', () => {
    const current = make('<p><a href="javascript:alert(1)">a</a> b</p>');
    expect(html(current)).toBe('<p>a b</p>');
    current.commands.setTextSelection({ from: 1, to: 2 });
    expect(current.commands.setLink({ href: 'javascript:alert(1)' })).toBe(false);
    expect(current.commands.setLink({ href: 'https://example.com', target: '_self' })).toBe(true);
    expect(html(current)).toBe(
      '<p><a target="_self" rel="noopener noreferrer" href="https://example.com">a</a> b</p>',
    );
    current.chain().extendMarkRange('link').unsetLink().run();
    expect(html(current)).toBe('<p>a b</p>');
  });
});
