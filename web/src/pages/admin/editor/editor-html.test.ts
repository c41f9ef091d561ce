import { isPostHtmlTag, POST_HTML_TAG_NAMES } from '@blog/shared/post-html';
import { INLINE_IMAGE_SIZES } from '@blog/shared/rules';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions, pastedHtml, textStatistics } from './editor-extensions.ts';
import { sanitizePostHtml } from '../../../../../api/src/html/sanitize-html.ts';
import { describedImage, type FigureImageAttributes } from './figure-image.ts';
import { cleanCardHtml } from './html-card.ts';

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

describe('the post HTML allow-list is the editor’s own', () => {
  // One document using every node and mark of the editor's schema.
  const everything = [
    '<h1>Jeden</h1><h2>Dwa</h2><h3>Trzy</h3><h4>Cztery</h4>',
    '<p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s> H<sub>2</sub>O x<sup>2</sup> <kbd>Ctrl</kbd> <mark>e</mark> <code>f</code><br>g</p>',
    '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com">link</a></p>',
    '<ul><li><p>a</p></li></ul><ol><li><p>b</p></li></ol><blockquote><p>c</p></blockquote>',
    '<pre><code class="language-ts">const a = 1;</code></pre><hr>',
    `<figure>${image}<figcaption>Podpis</figcaption></figure>`,
    '<figure><a target="_blank" rel="noopener noreferrer" href="https://example.com"><img src="https://example.com/a.png" alt="a"></a></figure>',
    '<div class="html-card"><figure><blockquote><p>Cytat</p></blockquote><figcaption>Autor</figcaption></figure></div>',
  ].join('');

  it('every node and mark is used, every tag written is on the list, every listed tag is written', () => {
    editor = new Editor({ extensions: editorExtensions(), content: everything });
    const used = new Set<string>();
    editor.state.doc.descendants((node) => {
      used.add(node.type.name);
      for (const mark of node.marks) used.add(mark.type.name);
    });
    const schema = [...Object.keys(editor.schema.nodes), ...Object.keys(editor.schema.marks)];
    expect(schema.filter((name) => name !== 'doc' && !used.has(name))).toEqual([]);

    const written = new Set(
      Array.from(
        new DOMParser().parseFromString(editor.getHTML(), 'text/html').body.querySelectorAll('*'),
        (e) => e.tagName.toLowerCase(),
      ),
    );
    expect([...written].filter((tag) => !isPostHtmlTag(tag))).toEqual([]);
    expect(POST_HTML_TAG_NAMES.filter((tag) => !written.has(tag))).toEqual([]);
  });

  it('editor → HTML → sanitizer → editor is unchanged for every node and mark', () => {
    const once = throughEditor(everything);
    expect(sanitizePostHtml(once)).toBe(once);
    editor?.destroy();
    expect(throughEditor(sanitizePostHtml(once))).toBe(once);
  });

  it.each([
    ['h5 and h6 become h4', '<h5>a</h5><h6>b</h6>', '<h4>a</h4><h4>b</h4>'],
    [
      'del and strike are strikethrough',
      '<p><del>a</del> <strike>b</strike></p>',
      '<p><s>a</s> <s>b</s></p>',
    ],
    [
      'a gallery figure is kept whole in an HTML card',
      '<figure><ul><li><figure><img src="https://example.com/a.png"></figure></li></ul></figure>',
      '<div class="html-card"><figure><ul><li><figure><img src="https://example.com/a.png"></figure></li></ul></figure></div>',
    ],
    [
      'a caption with a link is not a plain image: an HTML card',
      '<figure><img src="https://example.com/a.png"><figcaption>Z <a target="_blank" rel="noopener noreferrer" href="https://example.com">OSM</a></figcaption></figure>',
      '<div class="html-card"><figure><img src="https://example.com/a.png"><figcaption>Z <a target="_blank" rel="noopener noreferrer" href="https://example.com">OSM</a></figcaption></figure></div>',
    ],
    [
      'inline elements off the list keep their text',
      '<p>a<abbr title="x">WP</abbr> <span>b</span></p>',
      '<p>aWP b</p>',
    ],
  ])('%s', (_name, html, expected) => {
    expect(throughEditor(html)).toBe(expected);
  });

  it('an HTML card never holds what the sanitizer would drop (pasted or typed by hand)', () => {
    expect(
      cleanCardHtml(
        '<figure onclick="alert(1)"><img src="x" onerror="alert(1)"><img src="javascript:alert(1)"><script>alert(1)</script><iframe src="https://e.com"></iframe><form><input></form><a href="javascript:alert(1)" style="color:red">a</a><figcaption><b>b</b></figcaption></figure>',
      ),
    ).toBe('<figure><img><img><a>a</a><figcaption><strong>b</strong></figcaption></figure>');
  });
});
