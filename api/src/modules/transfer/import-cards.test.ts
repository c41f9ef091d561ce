// Each block of WordPress and each card of Ghost, as it is in a file, and the exact HTML stored for
// it after the sanitizer: the cards fixed in @blog/shared/post-cards.
import { describe, expect, it } from 'vitest';
import { lexicalToHtml } from './ghost-content.ts';
import { importedPostHtml } from './import-html.ts';
import { galleryShortcodes, type WxrAttachment } from './wxr-galleries.ts';

const wordpress = (html: string) => importedPostHtml(html, new Map(), 'wordpress');
const ghost = (html: string) => importedPostHtml(html, new Map(), 'ghost');
const A = (href: string, text = href) =>
  `<a target="_blank" rel="noopener noreferrer" href="${href}">${text}</a>`;
const image = (n: number) => `https://example.com/${n}.jpg`;

describe('WordPress blocks as stored cards', () => {
  it('wp:table: the head row as header cells, one tbody, cells as paragraphs, spans kept, caption after', () => {
    const { content, losses } = wordpress(
      '<!-- wp:table --><figure class="wp-block-table"><table class="has-fixed-layout"><thead><tr><th>Rok</th><th>Ile</th></tr></thead><tbody><tr><td colspan="2" style="color:red">Razem <strong>5</strong></td></tr><tr><td rowspan="x">a</td><td></td></tr></tbody><tfoot><tr><td>Suma</td><td>5</td></tr></tfoot></table><figcaption class="wp-element-caption">Dane</figcaption></figure><!-- /wp:table -->',
    );
    expect(content).toBe(
      '<table><tbody><tr><th><p>Rok</p></th><th><p>Ile</p></th></tr><tr><td colspan="2"><p>Razem <strong>5</strong></p></td></tr><tr><td><p>a</p></td><td><p></p></td></tr><tr><td><p>Suma</p></td><td><p>5</p></td></tr></tbody></table><p>Dane</p>',
    );
    expect(losses).toEqual([]);
  });

  it('wp:embed of a known provider: an embed card, its caption after; of another: a link, reported', () => {
    const { content, losses } = wordpress(
      [
        '<!-- wp:embed {"url":"https://vimeo.com/76979871","providerNameSlug":"vimeo"} --><figure class="wp-block-embed is-type-video is-provider-vimeo"><div class="wp-block-embed__wrapper">\nhttps://vimeo.com/76979871\n</div><figcaption>Film</figcaption></figure><!-- /wp:embed -->',
        '<!-- wp:embed {"url":"https://wordpress.tv/2020/01/01/talk/"} --><figure class="wp-block-embed is-provider-wordpress-tv"><div class="wp-block-embed__wrapper">\nhttps://wordpress.tv/2020/01/01/talk/\n</div></figure><!-- /wp:embed -->',
      ].join(''),
    );
    expect(content).toBe(
      `<div class="embed-card" data-provider="vimeo">${A('https://vimeo.com/76979871')}</div><p>Film</p><p>${A('https://wordpress.tv/2020/01/01/talk/')}</p>`,
    );
    expect(losses).toEqual([{ kind: 'element', name: 'embed (wordpress-tv)', count: 1 }]);
  });

  it('[embed] and a bare provider address on its own line: embed cards', () => {
    const { content, losses } = wordpress(
      '<p>[embed]https://youtu.be/dQw4w9WgXcQ[/embed]</p>\n<p>https://x.com/wordpress/status/1234567890</p>\n<p>https://example.com/page</p>',
    );
    expect(content).toBe(
      [
        `<div class="embed-card" data-provider="youtube">${A('https://youtu.be/dQw4w9WgXcQ')}</div>`,
        `<div class="embed-card" data-provider="x">${A('https://x.com/wordpress/status/1234567890')}</div>`,
        '<p>https://example.com/page</p>',
      ].join('\n'),
    );
    expect(losses).toEqual([]);
  });

  it('wp:gallery: one gallery card of figures with plain-text captions, links to the images dropped', () => {
    const figure = (n: number, caption = '') =>
      `<!-- wp:image --><figure class="wp-block-image"><a href="${image(n)}"><img src="${image(n)}" alt="Zdjęcie ${n}" class="wp-image-${n}"/></a>${caption}</figure><!-- /wp:image -->`;
    const { content, losses } = wordpress(
      `<!-- wp:gallery --><figure class="wp-block-gallery has-nested-images">${figure(1, '<figcaption class="wp-element-caption">Góry <em>zimą</em></figcaption>')}${figure(2)}<figcaption class="blocks-gallery-caption">Wyjazd</figcaption></figure><!-- /wp:gallery -->`,
    );
    expect(content).toBe(
      `<div class="gallery-card"><figure><img src="${image(1)}" alt="Zdjęcie 1"><figcaption>Góry zimą</figcaption></figure><figure><img src="${image(2)}" alt="Zdjęcie 2"></figure></div><p>Wyjazd</p>`,
    );
    expect(losses).toEqual([]);
  });

  it('a gallery of more than nine images: galleries of nearly equal size, in order', () => {
    const figures = Array.from(
      { length: 11 },
      (_, n) => `<figure class="wp-block-image"><img src="${image(n)}"/></figure>`,
    );
    const { content } = wordpress(`<figure class="wp-block-gallery">${figures.join('')}</figure>`);
    const galleries = content.split('<div class="gallery-card">').slice(1);
    expect(galleries.map((gallery) => gallery.match(/<img /g)?.length)).toEqual([6, 5]);
    expect(content.indexOf(image(5))).toBeLessThan(content.indexOf(image(6)));
  });

  it('[gallery ids] and [gallery] resolved through the export’s attachments', () => {
    const attachments: WxrAttachment[] = [
      { id: '7', url: image(7), parent: '1', order: 2, caption: 'Siódme', alt: 'siedem' },
      { id: '8', url: image(8), parent: '1', order: 1, caption: '', alt: '' },
      { id: '9', url: 'https://example.com/plik.pdf', parent: '1', order: 0, caption: '', alt: '' },
    ];
    const byIds = wordpress(galleryShortcodes('[gallery columns="2" ids="7,8"]', '5', attachments)).content;
    expect(byIds).toBe(
      `<div class="gallery-card"><figure><img src="${image(7)}" alt="siedem"><figcaption>Siódme</figcaption></figure><figure><img src="${image(8)}"></figure></div>`,
    );
    // The images uploaded to the post, by their order; a file that is no image is not one.
    const attached = wordpress(galleryShortcodes('[gallery]', '1', attachments)).content;
    expect(attached.indexOf(image(8))).toBeLessThan(attached.indexOf(image(7)));
    expect(attached).not.toContain('plik.pdf');
    const none = wordpress(galleryShortcodes('<p>[gallery ids="99"]</p>', '1', attachments));
    expect(none.losses).toEqual([{ kind: 'shortcode', name: 'gallery', count: 1 }]);
  });

  it('wp:image with a caption: a figure', () => {
    const { content } = wordpress(
      `<!-- wp:image {"id":3} --><figure class="wp-block-image size-large"><img src="${image(3)}" alt="Las" class="wp-image-3"/><figcaption class="wp-element-caption">Las <a href="https://example.com">jesienią</a></figcaption></figure><!-- /wp:image -->`,
    );
    expect(content).toBe(
      `<figure><img src="${image(3)}" alt="Las"><figcaption>Las ${A('https://example.com', 'jesienią')}</figcaption></figure>`,
    );
  });

  it('wp:video and wp:audio: a link to the file with the caption after, reported', () => {
    const { content, losses } = wordpress(
      '<!-- wp:video --><figure class="wp-block-video"><video controls src="https://example.com/film.mp4"></video><figcaption class="wp-element-caption">Nasz film</figcaption></figure><!-- /wp:video -->\n<!-- wp:audio --><figure class="wp-block-audio"><audio controls><source src="https://example.com/a.mp3"></audio></figure><!-- /wp:audio -->',
    );
    expect(content).toBe(
      `<p>${A('https://example.com/film.mp4', 'film.mp4')}</p><p>Nasz film</p>\n<p>${A('https://example.com/a.mp3', 'a.mp3')}</p>`,
    );
    expect(losses).toEqual([
      { kind: 'element', name: 'audio jako link', count: 1 },
      { kind: 'element', name: 'wideo jako link', count: 1 },
    ]);
  });

  it('[video] and [audio] shortcodes with an address: a link to the file, reported', () => {
    const { content, losses } = wordpress(
      '<p>[audio https://example.com/blues.mp3]</p>\n<p>[video width="640" mp4="https://example.com/f.mp4"][/video]</p>',
    );
    expect(content).toBe(
      `<p>${A('https://example.com/blues.mp3', 'blues.mp3')}</p>\n<p>${A('https://example.com/f.mp4', 'f.mp4')}</p>`,
    );
    expect(losses).toEqual([
      { kind: 'element', name: 'audio jako link', count: 1 },
      { kind: 'element', name: 'wideo jako link', count: 1 },
    ]);
  });

  it('wp:details: a toggle; wp:buttons: one button card per button', () => {
    const { content, losses } = wordpress(
      [
        '<!-- wp:details --><details class="wp-block-details"><summary>Więcej <strong>tu</strong></summary><!-- wp:paragraph {"placeholder":"…"} --><p>Ukryty tekst.</p><!-- /wp:paragraph --></details><!-- /wp:details -->',
        '<!-- wp:details --><details class="wp-block-details" open><summary>Krótko</summary>Sam tekst</details><!-- /wp:details -->',
        '<!-- wp:buttons --><div class="wp-block-buttons"><!-- wp:button --><div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="https://example.com/a">Kup</a></div><!-- /wp:button --><!-- wp:button --><div class="wp-block-button is-style-outline"><a class="wp-block-button__link">Bez adresu</a></div><!-- /wp:button --></div><!-- /wp:buttons -->',
      ].join('\n'),
    );
    expect(content).toBe(
      [
        '<details><summary>Więcej tu</summary><p>Ukryty tekst.</p></details>',
        '<details><summary>Krótko</summary><p>Sam tekst</p></details>',
        `<div class="button-card">${A('https://example.com/a', 'Kup')}</div><p>Bez adresu</p>`,
      ].join('\n'),
    );
    expect(losses).toEqual([]);
  });

  it('an iframe, a form and an unknown shortcode are reported, never silent', () => {
    const { losses } = wordpress(
      '<p>Tekst</p><iframe src="https://maps.example/a"></iframe><form><input></form><p>[my_plugin id="3"]</p>',
    );
    expect(losses).toEqual([
      { kind: 'element', name: 'form', count: 1 },
      { kind: 'element', name: 'iframe', count: 1 },
      { kind: 'shortcode', name: 'my_plugin', count: 1 },
    ]);
  });
});

describe('Ghost cards as stored cards', () => {
  it('cards Ghost drew in its html', () => {
    const { content, losses } = ghost(
      [
        `<figure class="kg-card kg-gallery-card kg-width-wide"><div class="kg-gallery-container"><div class="kg-gallery-row"><div class="kg-gallery-image"><img src="${image(1)}" width="600" height="400" loading="lazy" alt=""></div><div class="kg-gallery-image"><img src="${image(2)}" width="600" height="400" loading="lazy" alt="Dwa"></div></div></div><figcaption>Galeria</figcaption></figure>`,
        '<figure class="kg-card kg-embed-card"><iframe width="200" height="113" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" frameborder="0" allowfullscreen></iframe></figure>',
        '<figure class="kg-card kg-bookmark-card"><a class="kg-bookmark-container" href="https://ghost.org/"><div class="kg-bookmark-content"><div class="kg-bookmark-title">Ghost</div><div class="kg-bookmark-description">Publikuj &amp; zarabiaj</div><div class="kg-bookmark-metadata"><img class="kg-bookmark-icon" src="https://ghost.org/icon.png" alt=""><span class="kg-bookmark-author">Ghost</span></div></div></a></figure>',
        '<div class="kg-card kg-callout-card kg-callout-card-yellow"><div class="kg-callout-emoji">⚠️</div><div class="kg-callout-text">Uwaga <b>ważne</b></div></div>',
        '<div class="kg-card kg-toggle-card" data-kg-toggle-state="close"><div class="kg-toggle-heading"><h4 class="kg-toggle-heading-text">Pytanie</h4><button class="kg-toggle-card-icon"><svg viewBox="0 0 14 14"><path d="M7 0"></path></svg></button></div><div class="kg-toggle-content"><p>Odpowiedź</p></div></div>',
        '<div class="kg-card kg-button-card kg-align-center"><a href="https://example.com/zapisz" class="kg-btn kg-btn-accent">Zapisz się</a></div>',
        '<div class="kg-card kg-audio-card"><div class="kg-audio-player-container"><audio src="https://example.com/a.m4a" preload="metadata"></audio><div class="kg-audio-title">Rozmowa</div></div></div>',
      ].join(''),
    );
    expect(content).toBe(
      [
        `<div class="gallery-card"><figure><img src="${image(1)}" width="600" height="400"></figure><figure><img src="${image(2)}" alt="Dwa" width="600" height="400"></figure></div><p>Galeria</p>`,
        `<div class="embed-card" data-provider="youtube">${A('https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed')}</div>`,
        `<p>${A('https://ghost.org/', 'Ghost')}</p><p>Publikuj &amp; zarabiaj</p>`,
        '<div class="callout-card" data-callout="warning" data-emoji="⚠️"><p>Uwaga <strong>ważne</strong></p></div>',
        '<details><summary>Pytanie</summary><p>Odpowiedź</p></details>',
        `<div class="button-card">${A('https://example.com/zapisz', 'Zapisz się')}</div>`,
        `<p>${A('https://example.com/a.m4a', 'Rozmowa')}</p>`,
      ].join(''),
    );
    expect(losses).toEqual([{ kind: 'element', name: 'audio jako link', count: 1 }]);
  });

  it('a card with no place here keeps its text and is reported by name; image and code cards are kept', () => {
    const { content, losses } = ghost(
      [
        '<div class="kg-card kg-product-card"><div class="kg-product-card-container"><h4 class="kg-product-card-title">Kubek</h4><div class="kg-product-card-description"><p>Ceramiczny</p></div></div></div>',
        `<figure class="kg-card kg-image-card"><img src="${image(1)}" class="kg-image" alt="Kot"></figure>`,
        '<figure class="kg-card kg-code-card"><pre><code class="language-js">x</code></pre><figcaption>Kod</figcaption></figure>',
      ].join(''),
    );
    // The product card's divs go, leaving line breaks between its blocks (the same space to a browser).
    expect(content.replaceAll('\n', '')).toBe(
      `<h4>Kubek</h4><p>Ceramiczny</p><figure><img src="${image(1)}" alt="Kot"></figure><pre><code class="language-js">x</code></pre><p>Kod</p>`,
    );
    expect(losses).toEqual([{ kind: 'card', name: 'product', count: 1 }]);
  });

  it('cards of a Lexical document (the same payload as Mobiledoc)', () => {
    const card = (type: string, payload: Record<string, unknown>) => ({ type, ...payload });
    const lexical = JSON.stringify({
      root: {
        type: 'root',
        children: [
          card('callout', { calloutText: '<p>Wskazówka</p>', calloutEmoji: '💡', backgroundColor: 'blue' }),
          card('toggle', { heading: '<span>Tytuł</span>', content: '<p>Treść</p>' }),
          card('button', { buttonUrl: 'https://example.com', buttonText: 'Dalej' }),
          card('embed', { url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' }),
          card('gallery', {
            images: [
              { src: image(1), caption: '<span>Jeden</span>', width: 10, height: 5 },
              { src: image(2), alt: 'Dwa' },
            ],
          }),
          card('file', { src: 'https://example.com/plik.pdf', fileTitle: 'Regulamin' }),
        ],
      },
    });
    const { html, losses } = lexicalToHtml(lexical);
    expect(importedPostHtml(html, new Map(), 'ghost').content).toBe(
      [
        '<div class="callout-card" data-callout="info" data-emoji="💡"><p>Wskazówka</p></div>',
        '<details><summary>Tytuł</summary><p>Treść</p></details>',
        `<div class="button-card">${A('https://example.com', 'Dalej')}</div>`,
        `<div class="embed-card" data-provider="spotify">${A('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC')}</div>`,
        `<div class="gallery-card"><figure><img src="${image(1)}" width="10" height="5"><figcaption>Jeden</figcaption></figure><figure><img src="${image(2)}" alt="Dwa"></figure></div>`,
        `<p>${A('https://example.com/plik.pdf', 'Regulamin')}</p>`,
      ].join(''),
    );
    expect(losses).toEqual([{ kind: 'element', name: 'plik jako link', count: 1 }]);
  });
});

describe('re-importing the stored body', () => {
  it('changes nothing: every card is already as it is stored', () => {
    const stored = [
      '<table><tbody><tr><th><p>A</p></th></tr><tr><td colspan="2"><p>1</p></td></tr></tbody></table>',
      `<div class="embed-card" data-provider="youtube">${A('https://youtu.be/dQw4w9WgXcQ')}</div>`,
      `<div class="gallery-card"><figure><img src="${image(1)}"></figure><figure><img src="${image(2)}"></figure></div>`,
      '<div class="callout-card" data-callout="info" data-emoji="💡"><p>x</p></div>',
      `<div class="button-card">${A('https://example.com', 'Dalej')}</div>`,
      '<details><summary>T</summary><p>y</p></details>',
    ].join('');
    for (const source of ['blog', 'wordpress', 'ghost'] as const) {
      const { content, losses } = importedPostHtml(stored, new Map(), source);
      expect(content, source).toBe(stored);
      expect(losses, source).toEqual([]);
    }
  });
});
