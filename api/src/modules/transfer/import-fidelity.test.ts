import { describe, expect, it } from 'vitest';
import { ghostPostBody, lexicalToHtml, mobiledocToHtml } from './ghost-content.ts';
import { lostElements } from './import-fidelity.ts';
import { importedPostHtml } from './import-html.ts';

const wordpress = (html: string) => importedPostHtml(html, new Map(), 'wordpress');

describe('what an imported post lost, per post', () => {
  it('names each element and shortcode the stored post does not have, with how many', () => {
    const { content, losses, words } = wordpress(
      [
        '<p>Napisz do nas.</p>',
        '<iframe src="https://maps.example/a"></iframe>',
        '<iframe src="https://maps.example/b"></iframe>',
        '<form action="/send"><input name="email"><button>Wyślij</button></form>',
        '[contact-form-7 id="12" title="Kontakt"]',
        '<video src="https://example.com/film.mp4"></video>',
        '<p>Koniec.</p>',
      ].join('\n'),
    );
    expect(losses).toEqual([
      { kind: 'element', name: 'form', count: 1 },
      { kind: 'element', name: 'iframe', count: 2 },
      { kind: 'element', name: 'wideo jako link', count: 1 },
      { kind: 'shortcode', name: 'contact-form-7', count: 1 },
    ]);
    expect(content).not.toContain('contact-form-7');
    expect(content).toContain('href="https://example.com/film.mp4">film.mp4</a></p>');
    // The form's button text is text: it stays, so every word is kept (the video's link names its file).
    expect(words).toEqual({ source: 7, kept: 7 });
  });

  it('keeps a table as the table card, nothing lost', () => {
    const { content, losses, words } = wordpress(
      '<table><tr><th>Miasto</th><th>Ludność</th></tr><tr><td>Kraków</td><td>800</td></tr></table>',
    );
    expect(losses).toEqual([]);
    expect(content).toBe(
      '<table><tbody><tr><th><p>Miasto</p></th><th><p>Ludność</p></th></tr><tr><td><p>Kraków</p></td><td><p>800</p></td></tr></tbody></table>',
    );
    expect(words).toEqual({ source: 4, kept: 4 });
  });

  it('counts a heading kept at another level as kept, and a link whose address was refused as lost', () => {
    const { losses } = importedPostHtml(
      '<h5>Niski nagłówek</h5><p><b>Gruby</b> <a href="/relative">link</a></p>',
      new Map(),
    );
    expect(losses).toEqual([{ kind: 'element', name: 'a', count: 1 }]);
  });

  it('takes a heading of any level, and bold, italic and strikethrough however spelled, for the same thing', () => {
    // As the sanitizer keeps them today (h4 → h3) and once the editor keeps h4 itself.
    expect(lostElements('<h4>a</h4><h5>b</h5>', '<h3>a</h3><h3>b</h3>')).toEqual([]);
    expect(lostElements('<h4>a</h4><h6>b</h6>', '<h4>a</h4>')).toEqual([
      { kind: 'element', name: 'h6', count: 1 },
    ]);
    expect(
      lostElements('<b>a</b><i>b</i><strike>c</strike>', '<strong>a</strong><em>b</em><s>c</s>'),
    ).toEqual([]);
    expect(lostElements('<del>a</del><sub>2</sub>', 'a2')).toEqual([
      { kind: 'element', name: 'del', count: 1 },
      { kind: 'element', name: 'sub', count: 1 },
    ]);
  });

  it('leaves a bracketed word that is no shortcode as it is', () => {
    const { content, losses } = wordpress('<p>Cytat [sic] zostaje.</p>');
    expect(content).toBe('<p>Cytat [sic] zostaje.</p>');
    expect(losses).toEqual([]);
  });
});

describe('WordPress content the blog can keep', () => {
  it('strips block comments, flattens columns in reading order and draws a separator as <hr>', () => {
    const { content, losses } = wordpress(
      [
        '<!-- wp:columns --><div class="wp-block-columns">',
        '<!-- wp:column --><div class="wp-block-column"><!-- wp:paragraph --><p>Lewa</p><!-- /wp:paragraph --></div><!-- /wp:column -->',
        '<!-- wp:column --><div class="wp-block-column"><!-- wp:paragraph --><p>Prawa</p><!-- /wp:paragraph --></div><!-- /wp:column -->',
        '</div><!-- /wp:columns -->',
        '<!-- wp:separator --><hr class="wp-block-separator has-alpha-channel-opacity"/><!-- /wp:separator -->',
      ].join('\n'),
    );
    expect(content).toBe('<p>Lewa</p>\n<p>Prawa</p>\n<hr>');
    expect(losses).toEqual([]);
  });

  it('turns a [caption] shortcode into a figure with its caption', () => {
    const { content, losses } = wordpress(
      '[caption id="attachment_1" align="alignnone" width="300"]<a href="https://example.com/big.jpg"><img src="https://example.com/small.jpg" alt="Góry" width="300" height="200" /></a> Tatry zimą[/caption]',
    );
    expect(content).toBe(
      '<figure><a target="_blank" rel="noopener noreferrer" href="https://example.com/big.jpg"><img src="https://example.com/small.jpg" alt="Góry" width="300" height="200"></a><figcaption>Tatry zimą</figcaption></figure>',
    );
    expect(losses).toEqual([]);
  });

  it('gives preformatted text and verse a code block, as the editor writes one', () => {
    const { content } = wordpress(
      '<!-- wp:code --><pre class="wp-block-code"><code>let a = 1;</code></pre><!-- /wp:code -->\n<!-- wp:preformatted --><pre class="wp-block-preformatted">tekst\n  wcięty</pre><!-- /wp:preformatted -->',
    );
    expect(content).toBe('<pre><code>let a = 1;</code></pre>\n<pre><code>tekst\n  wcięty</code></pre>');
  });

  it('keeps a quote and a pull quote with their source as the last paragraph', () => {
    const { content, losses, words } = wordpress(
      [
        '<!-- wp:quote --><blockquote class="wp-block-quote"><p>Być albo nie być.</p><cite>Szekspir</cite></blockquote><!-- /wp:quote -->',
        '<!-- wp:pullquote --><figure class="wp-block-pullquote"><blockquote><p>Mniej znaczy więcej.</p><cite>Mies</cite></blockquote></figure><!-- /wp:pullquote -->',
      ].join('\n'),
    );
    expect(content).toBe(
      '<blockquote><p>Być albo nie być.</p><p>— Szekspir</p></blockquote>\n<blockquote><p>Mniej znaczy więcej.</p><p>— Mies</p></blockquote>',
    );
    expect(losses).toEqual([]);
    expect(words.kept).toBe(words.source);
  });

  it('keeps an embed as an embed card and a gallery as a gallery card, and reports a dynamic block', () => {
    const { content, losses } = wordpress(
      [
        '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=dQw4w9WgXcQ","providerNameSlug":"youtube"} -->',
        '<figure class="wp-block-embed is-type-video is-provider-youtube"><div class="wp-block-embed__wrapper">',
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        '</div></figure><!-- /wp:embed -->',
        '<figure class="wp-block-gallery"><figure class="wp-block-image"><img src="https://example.com/1.jpg" alt="1"/></figure><figure class="wp-block-image"><img src="https://example.com/2.jpg" alt="2"/></figure></figure>',
        '<!-- wp:latest-posts {"postsToShow":3} /-->',
      ].join('\n'),
    );
    expect(content).toContain(
      '<div class="embed-card" data-provider="youtube"><a target="_blank" rel="noopener noreferrer" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></div>',
    );
    expect(content).toContain(
      '<div class="gallery-card"><figure><img src="https://example.com/1.jpg" alt="1"></figure><figure><img src="https://example.com/2.jpg" alt="2"></figure></div>',
    );
    expect(losses).toEqual([{ kind: 'element', name: 'wp:latest-posts', count: 1 }]);
  });
});

describe('Ghost posts with only a Lexical or Mobiledoc document', () => {
  it('draws Lexical paragraphs, headings, lists, quotes, links, images, code, HTML and Markdown cards', () => {
    const text = (value: string, format = 0) => ({ type: 'extended-text', text: value, format });
    const lexical = JSON.stringify({
      root: {
        type: 'root',
        children: [
          {
            type: 'paragraph',
            children: [
              text('Zwykły '),
              text('gruby', 1),
              { type: 'link', url: 'https://ghost.org', children: [text('link')] },
            ],
          },
          { type: 'extended-heading', tag: 'h2', children: [text('Śródtytuł')] },
          { type: 'list', listType: 'number', children: [{ type: 'listitem', children: [text('jeden')] }] },
          { type: 'extended-quote', children: [text('cytat')] },
          { type: 'image', src: 'https://example.com/a.jpg', alt: 'A', caption: 'Podpis' },
          { type: 'codeblock', code: 'x < 1', language: 'js' },
          { type: 'html', html: '<p>Z karty HTML</p>' },
          { type: 'markdown', markdown: '## Z Markdownu\n\n- punkt' },
          { type: 'bookmark', url: 'https://example.com', metadata: { title: 'Zakładka' } },
          { type: 'video', src: 'https://example.com/v.mp4' },
        ],
      },
    });
    const { html, losses } = lexicalToHtml(lexical);
    expect(html).toBe(
      [
        '<p>Zwykły <strong>gruby</strong><a href="https://ghost.org">link</a></p>',
        '<h2>Śródtytuł</h2>',
        '<ol><li>jeden</li></ol>',
        '<blockquote><p>cytat</p></blockquote>',
        '<figure><img src="https://example.com/a.jpg" alt="A"><figcaption>Podpis</figcaption></figure>',
        '<pre><code class="language-js">x &lt; 1</code></pre>',
        '<p>Z karty HTML</p>',
        '<h2>Z Markdownu</h2>\n<ul>\n<li>punkt</li>\n</ul>\n',
        '<p><a href="https://example.com">Zakładka</a></p>',
        '<p><a href="https://example.com/v.mp4">v.mp4</a></p>',
      ].join(''),
    );
    expect(losses).toEqual([{ kind: 'element', name: 'wideo jako link', count: 1 }]);
  });

  it('draws Mobiledoc sections, markups, atoms and cards', () => {
    const mobiledoc = JSON.stringify({
      version: '0.3.1',
      atoms: [['soft-return', '', {}]],
      cards: [
        ['image', { src: 'https://example.com/b.jpg', caption: 'Morze' }],
        ['embed', { url: 'https://example.com/x' }],
      ],
      markups: [['a', ['href', 'https://example.com']], ['strong']],
      sections: [
        [1, 'h3', [[0, [], 0, 'Nagłówek']]],
        [
          1,
          'p',
          [
            [0, [0], 0, 'link '],
            [0, [1], 2, 'gruby'],
            [1, [], 0, 0],
            [0, [], 0, 'dalej'],
          ],
        ],
        [3, 'ul', [[[0, [], 0, 'punkt']]]],
        [10, 0],
        [10, 1],
      ],
    });
    const { html, losses } = mobiledocToHtml(mobiledoc);
    expect(html).toBe(
      '<h3>Nagłówek</h3><p><a href="https://example.com">link <strong>gruby</strong></a><br>dalej</p><ul><li>punkt</li></ul><figure><img src="https://example.com/b.jpg"><figcaption>Morze</figcaption></figure><p><a href="https://example.com/x">https://example.com/x</a></p>',
    );
    // An address of no provider the embed card knows stays a link, reported.
    expect(losses).toEqual([{ kind: 'card', name: 'embed', count: 1 }]);
  });

  it('takes html first, then lexical, then mobiledoc, and reports a document it cannot read', () => {
    expect(ghostPostBody({ html: '<p>Gotowy</p>', lexical: '{}' }).html).toBe('<p>Gotowy</p>');
    expect(ghostPostBody({ html: null, lexical: 'nie json' })).toEqual({
      html: '',
      losses: [{ kind: 'card', name: 'lexical', count: 1 }],
    });
  });
});
