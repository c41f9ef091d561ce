import { isPostHtmlTag, POST_HTML_TAG_NAMES } from '@blog/shared/post-html';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions, textStatistics } from './editor-extensions.ts';
import { sanitizePostHtml } from '../../../../../api/src/html/sanitize-html.ts';
import { describedImage, type FigureImageAttributes } from './figure-image.ts';
import { cleanCardHtml } from './html-card.ts';
import {
  button,
  callout,
  embed,
  everything,
  gallery,
  galleryFigure,
  image,
  src,
  table,
  toggle,
  youtube,
} from '../../../../test/editor-html.fixtures.ts';

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

describe('cards round-trip editor → HTML → sanitizer → editor unchanged', () => {
  it.each([
    ['a table with a header row', table],
    [
      'a table without a header row, with spans',
      '<table><tbody><tr><td colspan="2"><p>a</p></td></tr><tr><td rowspan="2"><p>b</p></td><td><p></p></td></tr><tr><td><p>c</p></td></tr></tbody></table>',
    ],
    [
      'an info callout without an emoji',
      '<div class="callout-card" data-callout="info"><p>Wskazówka</p></div>',
    ],
    ['a warning callout with an emoji and marks', callout],
    ['a button', button],
    ['a button opening in the same tab', button.replace('target="_blank"', 'target="_self"')],
    ['a toggle', toggle],
    [
      'a table in a toggle, a callout after it',
      `<details><summary>Tabela</summary>${table}</details>${callout}`,
    ],
  ])('%s', (_name, html) => {
    expect(throughEditor(html)).toBe(html);
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it.each([
    [
      'a pasted table (column group, widths, styles, head) is a table as the editor writes it',
      '<table style="width:300px" class="x"><colgroup><col style="width:120px"></colgroup><thead><tr><th style="color:red" colwidth="120" colspan="1">A</th><th>B</th></tr></thead><tbody><tr><td align="right">1</td><td colspan="1" rowspan="1"><b>2</b></td></tr></tbody></table>',
      '<table><tbody><tr><th><p>A</p></th><th><p>B</p></th></tr><tr><td><p>1</p></td><td><p><strong>2</strong></p></td></tr></tbody></table>',
    ],
    [
      'a cell span out of range is dropped',
      '<table><tbody><tr><td colspan="99"><p>a</p></td><td rowspan="x"><p>b</p></td></tr></tbody></table>',
      '<table><tbody><tr><td><p>a</p></td><td><p>b</p></td></tr></tbody></table>',
    ],
    [
      'an unknown callout kind is info; an emoji that is not one is dropped',
      '<div class="callout-card" data-callout="danger" data-emoji="abc"><p>a</p></div>',
      '<div class="callout-card" data-callout="info"><p>a</p></div>',
    ],
    [
      'a toggle without a summary gets an empty one',
      '<details><p>a</p></details>',
      '<details><summary></summary><p>a</p></details>',
    ],
    [
      'a button with a script address is not a button: its text stays',
      '<div class="button-card"><a href="javascript:alert(1)">Kliknij</a></div>',
      '<p>Kliknij</p>',
    ],
  ])('%s', (_name, html, expected) => {
    expect(throughEditor(html)).toBe(expected);
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

describe('embed and gallery cards', () => {
  it.each([
    ['an embed', embed],
    ['a gallery of two', gallery],
    ['a gallery of nine', `<div class="gallery-card">${galleryFigure('a').repeat(9)}</div>`],
  ])('%s round-trips editor → HTML → sanitizer → editor unchanged', (_name, html) => {
    const once = throughEditor(html);
    expect(once).toBe(html);
    expect(sanitizePostHtml(once)).toBe(once);
    editor?.destroy();
    expect(throughEditor(sanitizePostHtml(once))).toBe(once);
  });

  it('an embed whose link is not a page of its provider is no embed (its link stays)', () => {
    const html = throughEditor(
      `<div class="embed-card" data-provider="vimeo"><a target="_blank" rel="noopener noreferrer" href="${youtube}">Film</a></div>`,
    );
    expect(html).not.toContain('embed-card');
    expect(html).toContain(`href="${youtube}"`);
  });

  it('a gallery of one or of ten is no gallery: its images stay images', () => {
    for (const count of [1, 10]) {
      const html = throughEditor(`<div class="gallery-card">${galleryFigure(null).repeat(count)}</div>`);
      expect(html).not.toContain('gallery-card');
      expect(html.split('<img').length - 1).toBe(count);
      editor?.destroy();
    }
  });

  it('insertEmbed takes what embedOf takes, with the default title, and refuses the rest', () => {
    editor = new Editor({ extensions: editorExtensions(), content: '<p></p>' });
    expect(editor.commands.insertEmbed('https://example.com/film')).toBe(false);
    expect(editor.commands.insertEmbed('http://youtu.be/dQw4w9WgXcQ')).toBe(true);
    expect(editor.getHTML()).toContain(
      '<div class="embed-card" data-provider="youtube"><a target="_blank" rel="noopener noreferrer" href="https://youtu.be/dQw4w9WgXcQ">YouTube — https://youtu.be/dQw4w9WgXcQ</a></div>',
    );
  });

  it('a gallery holds 2–9 images: insertGallery and addGalleryImages keep to it', () => {
    const one = { src, alt: 'a', width: 1600, height: 1067 };
    editor = new Editor({ extensions: editorExtensions(), content: '<p></p>' });
    expect(editor.commands.insertGallery([one])).toBe(false);
    expect(editor.commands.insertGallery([one, one])).toBe(true);
    let at = -1;
    editor.state.doc.descendants((node, pos) => {
      if (node.type.name === 'galleryCard') at = pos;
    });
    editor.commands.addGalleryImages(
      at,
      Array.from({ length: 10 }, () => one),
    );
    expect(editor.getHTML().split('<figure>').length - 1).toBe(9);
  });
});
