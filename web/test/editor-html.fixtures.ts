import { INLINE_IMAGE_SIZES } from '@blog/shared/rules';

/**
 * Post HTML as the editor writes it (each reads and writes unchanged, and the sanitizer keeps it):
 * the editor's tests and the server's reading of a shared body (server-html.test.ts) use the same.
 */
export const id = '0123456789abcdef0123456789abcdef';
export const src = `/api/images/${id}-1600w.webp`;
export const srcset = [480, 960, 1600].map((w) => `/api/images/${id}-${w}w.webp ${w}w`).join(', ');
export const image = `<img src="${src}" srcset="${srcset}" sizes="${INLINE_IMAGE_SIZES}" alt="Giewont" width="1600" height="1067">`;

export const youtube = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
export const embed = `<div class="embed-card" data-provider="youtube"><a target="_blank" rel="noopener noreferrer" href="${youtube}">Film o Tatrach</a></div>`;
export const galleryFigure = (caption: string | null) =>
  `<figure><a target="_self" rel="noopener noreferrer" href="${src}">${image}</a>${caption === null ? '' : `<figcaption>${caption}</figcaption>`}</figure>`;
export const gallery = `<div class="gallery-card">${galleryFigure('Świt &amp; mgła')}${galleryFigure(null)}</div>`;

export const table =
  '<table><tbody><tr><th><p>Miasto</p></th><th><p>Ludność</p></th></tr><tr><td><p>Kraków</p></td><td><p><strong>800</strong> tys.</p></td></tr></tbody></table>';
export const callout =
  '<div class="callout-card" data-callout="warning" data-emoji="⚠️"><p>Uwaga na <em>lawiny</em>.</p><p>Drugi akapit</p></div>';
export const button =
  '<div class="button-card"><a target="_blank" rel="noopener noreferrer" href="https://example.com/zapisy">Zapisz się</a></div>';
export const toggle =
  '<details><summary>Szczegóły trasy</summary><p>Czarny szlak, <u>4 h</u>.</p><ul><li><p>a</p></li></ul></details>';

/** One document using every node and mark of the editor's schema. */
export const everything = [
  '<h1>Jeden</h1><h2>Dwa</h2><h3>Trzy</h3><h4>Cztery</h4>',
  '<p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s> H<sub>2</sub>O x<sup>2</sup> <kbd>Ctrl</kbd> <mark>e</mark> <code>f</code><br>g</p>',
  '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com">link</a></p>',
  '<ul><li><p>a</p></li></ul><ol><li><p>b</p></li></ol><blockquote><p>c</p></blockquote>',
  '<pre><code class="language-ts">const a = 1;</code></pre><hr>',
  `<figure>${image}<figcaption>Podpis</figcaption></figure>`,
  '<figure><a target="_blank" rel="noopener noreferrer" href="https://example.com"><img src="https://example.com/a.png" alt="a"></a></figure>',
  '<div class="html-card"><figure><blockquote><p>Cytat</p></blockquote><figcaption>Autor</figcaption></figure></div>',
  table,
  callout,
  button,
  toggle,
  embed,
  gallery,
].join('');
