import { INLINE_IMAGE_SIZES } from '@blog/shared/rules';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions, pastedHtml, textStatistics } from './editor-extensions.ts';
import { describedImage, type FigureImageAttributes } from './figure-image.ts';

const id = '0123456789abcdef0123456789abcdef';
const src = `/api/images/${id}-1600w.webp`;
const srcset = [480, 960, 1600].map((w) => `/api/images/${id}-${w}w.webp ${w}w`).join(', ');
const image = `<img src="${src}" srcset="${srcset}" sizes="${INLINE_IMAGE_SIZES}" alt="Giewont" width="1600" height="1067">`;

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** The HTML the editor writes after reading `html` (what a saved post becomes when opened and saved). */
const throughEditor = (html: string) => {
  editor = new Editor({ extensions: editorExtensions(), content: html });
  // TextAlign writes its default alignment out on every paragraph (the server keeps it; outside this test).
  return editor.getHTML().replaceAll(' style="text-align: left;"', '');
};

describe('the editor writes what the server sanitizer keeps (same spelling, api sanitize-html.test.ts)', () => {
  it.each([
    [
      'an uploaded image in a figure with a caption',
      `<figure>${image}<figcaption>Giewont &amp; mgła</figcaption></figure>`,
    ],
    ['an uploaded image in a figure without a caption', `<figure>${image}</figure>`],
    ['an image by address', '<img src="https://example.com/a.png" alt="Opis">'],
    ['a quote', '<blockquote><p>Cytat</p></blockquote>'],
    ['a code block', '<pre><code>const a = 1;</code></pre>'],
    ['a horizontal rule', '<p>przed</p><hr><p>po</p>'],
    [
      'a link in a new tab',
      '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com">a</a></p>',
    ],
    [
      'a link in the same tab',
      '<p><a target="_self" rel="noopener noreferrer" href="https://example.com">a</a></p>',
    ],
  ])('%s round-trips unchanged', (_name, html) => {
    expect(throughEditor(html)).toBe(html);
  });
});

describe('pasted HTML', () => {
  it('turns table rows into paragraphs with the cells kept apart', () => {
    const html = pastedHtml(
      '<p>Przed</p><table><tr><th>Miasto</th><th>Ludność</th></tr><tr><td>Kraków</td><td> 800 tys. </td></tr></table>',
    );
    expect(html).toBe('<p>Przed</p><p>Miasto | Ludność</p><p>Kraków | 800 tys.</p>');
    expect(throughEditor(html)).toBe(html);
  });

  it('leaves HTML without tables alone', () => {
    expect(pastedHtml('<blockquote><p>a</p></blockquote>')).toBe('<blockquote><p>a</p></blockquote>');
  });
});

describe('word count and reading time', () => {
  it('counts words split on white space, 200 a minute, at least 1 minute', () => {
    expect(textStatistics('')).toEqual({ words: 0, minutes: 1 });
    expect(textStatistics('  zażółć   gęślą\njaźń ')).toEqual({ words: 3, minutes: 1 });
    expect(textStatistics('słowo '.repeat(201))).toEqual({ words: 201, minutes: 2 });
  });
});

describe('editing an image’s description', () => {
  /** Selects the first image (as a click does), applies the dialog's answer, returns the HTML. */
  const describe_ = (html: string, alt: string, caption: string) => {
    editor = new Editor({ extensions: editorExtensions(), content: html });
    let at = -1;
    editor.state.doc.descendants((node, pos) => {
      if (at < 0 && node.type.name === 'image') at = pos;
    });
    editor.commands.setNodeSelection(at);
    expect(editor.isActive('image')).toBe(true);
    const attrs = editor.getAttributes('image') as FigureImageAttributes;
    editor.chain().updateAttributes('image', describedImage(attrs, { alt, caption })).run();
    // A transaction adds the empty paragraph the editor keeps after a last image (for typing there).
    return editor
      .getHTML()
      .replaceAll(' style="text-align: left;"', '')
      .replace(/<p><\/p>$/, '');
  };

  it('changes a figure’s alt and caption, keeping the rest of the image', () => {
    expect(
      describe_(`<figure>${image}<figcaption>Stary</figcaption></figure>`, ' Tatry ', ' Nowy & lepszy '),
    ).toBe(
      `<figure>${image.replace('alt="Giewont"', 'alt="Tatry"')}<figcaption>Nowy &amp; lepszy</figcaption></figure>`,
    );
  });

  it('drops the figcaption when the caption is emptied; the figure stays', () => {
    expect(describe_(`<figure>${image}<figcaption>Stary</figcaption></figure>`, 'Giewont', '  ')).toBe(
      `<figure>${image}</figure>`,
    );
  });

  it('edits an old plain <img>; a caption puts it in a figure', () => {
    expect(describe_('<img src="https://example.com/a.png" alt="Opis">', 'Nowy opis', '')).toBe(
      '<img src="https://example.com/a.png" alt="Nowy opis">',
    );
    editor?.destroy();
    expect(describe_('<img src="https://example.com/a.png" alt="Opis">', 'Opis', 'Podpis')).toBe(
      '<figure><img src="https://example.com/a.png" alt="Opis"><figcaption>Podpis</figcaption></figure>',
    );
  });
});
