import { INLINE_IMAGE_SIZES } from '@blog/shared/rules';
import { describe, expect, it } from 'vitest';
import { UPLOAD, UPLOAD_SRCSET } from '../../test/uploaded-image.ts';
import { sanitizePostHtml } from './sanitize-html.ts';

describe('sanitizePostHtml: embed and gallery cards', () => {
  const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
  const embed = `<div class="embed-card" data-provider="youtube"><a target="_blank" rel="noopener noreferrer" href="${YOUTUBE}">Film o Tatrach</a></div>`;
  const figure = (caption = '') =>
    `<figure><a target="_self" rel="noopener noreferrer" href="${UPLOAD}"><img src="${UPLOAD}" srcset="${UPLOAD_SRCSET}" sizes="${INLINE_IMAGE_SIZES}" alt="Giewont" width="1600" height="1067"></a>${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
  const gallery = `<div class="gallery-card">${figure('Świt')}${figure()}${figure('Mgła &amp; śnieg')}</div>`;

  it.each([
    ['an embed', embed],
    ['a gallery', gallery],
  ])('%s is kept exactly as the editor writes it', (_name, html) => {
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it.each([
    [
      'handlers, styles, ids and unknown classes on the frame',
      `<div class="embed-card wp-embed" data-provider="youtube" onclick="alert(1)" style="position:fixed" id="x" data-x="1"><a href="${YOUTUBE}" onmouseover="alert(1)">Film o Tatrach</a></div>`,
      embed,
    ],
    [
      'a javascript: link in an embed (the card stays, its link is inert)',
      '<div class="embed-card" data-provider="youtube"><a href="javascript:alert(1)">Film</a></div>',
      '<div class="embed-card" data-provider="youtube"><a target="_blank" rel="noopener noreferrer">Film</a></div>',
    ],
    [
      'an unknown provider: no card, the link stays a link',
      `<div class="embed-card" data-provider="evil"><a href="${YOUTUBE}">Film</a></div>`,
      `<a target="_blank" rel="noopener noreferrer" href="${YOUTUBE}">Film</a>`,
    ],
    [
      'two card classes at once: no card',
      `<div class="embed-card gallery-card" data-provider="youtube"><a href="${YOUTUBE}">Film</a></div>`,
      `<a target="_blank" rel="noopener noreferrer" href="${YOUTUBE}">Film</a>`,
    ],
    [
      'an iframe or a script inside an embed',
      `<div class="embed-card" data-provider="vimeo"><iframe src="https://evil.example"></iframe><script>alert(1)</script><a href="https://vimeo.com/1">V</a></div>`,
      '<div class="embed-card" data-provider="vimeo"><a target="_blank" rel="noopener noreferrer" href="https://vimeo.com/1">V</a></div>',
    ],
    [
      'handlers, styles and data: images in a gallery',
      `<div class="gallery-card" style="display:none" onclick="x"><figure onclick="x"><a href="javascript:alert(1)"><img src="data:image/png;base64,AA" onerror="alert(1)"></a></figure><figure><a href="${UPLOAD}" target="_top"><img src="${UPLOAD}" srcset="https://evil.example/a.png 1w" alt="a" style="x"></a></figure></div>`,
      `<div class="gallery-card"><figure><a target="_blank" rel="noopener noreferrer"></a></figure><figure><a target="_blank" rel="noopener noreferrer" href="${UPLOAD}"><img src="${UPLOAD}" srcset="${UPLOAD_SRCSET}" sizes="${INLINE_IMAGE_SIZES}" alt="a"></a></figure></div>`,
    ],
    [
      'a relative link is dropped unless it is an image uploaded here',
      '<p><a href="/api/images/../../admin">a</a><a href="/admin">b</a></p>',
      '<p><a target="_blank" rel="noopener noreferrer">a</a><a target="_blank" rel="noopener noreferrer">b</a></p>',
    ],
  ])('%s', (_name, html, expected) => {
    expect(sanitizePostHtml(html)).toBe(expected);
  });
});

describe('sanitizePostHtml: hostile and foreign variants of the cards', () => {
  it.each([
    // Handlers, styles, unknown classes and kinds go.
    [
      '<table style="width:9999px" onclick="alert(1)" class="x"><colgroup><col style="width:1px"></colgroup><thead><tr><th style="background:url(javascript:alert(1))" colwidth="100" onmouseover="alert(1)" colspan="1">a</th></tr></thead><tbody><tr><td colspan="99" rowspan="2x" align="right">b</td></tr></tbody></table>',
      '<table><tbody><tr><th>a</th></tr></tbody><tbody><tr><td>b</td></tr></tbody></table>',
    ],
    [
      '<div class="callout-card" data-callout="danger" data-emoji="<b>x</b>" style="position:fixed" onclick="alert(1)" data-x="1"><p>a</p></div>',
      '<div class="callout-card" data-callout="info"><p>a</p></div>',
    ],
    [
      '<div class="callout-card evil" data-callout="warning" data-emoji="📌"><p>a</p></div>',
      '<div class="callout-card" data-callout="warning" data-emoji="📌"><p>a</p></div>',
    ],
    ['<div class="callout-card button-card"><p>a</p></div>', '<p>a</p>'],
    [
      '<div class="button-card" style="color:red" onclick="alert(1)"><a href="javascript:alert(1)" onclick="alert(1)">Kliknij</a></div>',
      '<div class="button-card"><a target="_blank" rel="noopener noreferrer">Kliknij</a></div>',
    ],
    [
      '<details open ontoggle="alert(1)" style="color:red"><summary onclick="alert(1)" class="x">T</summary><p>a</p></details>',
      '<details><summary>T</summary><p>a</p></details>',
    ],
    // Tables and toggles (cards): spans only as whole numbers 2..50, nothing else on a cell.
    [
      '<table><tbody><tr><td colspan="3" rowspan="1" onclick="x()" style="color:red"><p>a</p></td><th colspan="abc" rowspan="99"><p>b</p></th></tr></tbody></table>',
      '<table><tbody><tr><td colspan="3"><p>a</p></td><th><p>b</p></th></tr></tbody></table>',
    ],
    [
      '<details open onclick="x()"><summary class="x">T</summary><p>y</p></details>',
      '<details><summary>T</summary><p>y</p></details>',
    ],
    // Card frames keep exactly the attributes cardFrameAttributes checks, in its order.
    [
      '<div data-provider="vimeo" class="embed-card" onclick="x()"><a href="https://vimeo.com/1">v</a></div>',
      '<div class="embed-card" data-provider="vimeo"><a target="_blank" rel="noopener noreferrer" href="https://vimeo.com/1">v</a></div>',
    ],
    [
      '<div class="embed-card" data-provider="evil"><a href="https://evil.example">v</a></div>',
      '<a target="_blank" rel="noopener noreferrer" href="https://evil.example">v</a>',
    ],
    [
      '<div class="callout-card" data-callout="danger" data-emoji="<b>x</b>" style="color:red"><p>a</p></div>',
      '<div class="callout-card" data-callout="info"><p>a</p></div>',
    ],
    [
      '<div class="gallery-card x"><figure><img src="https://example.com/a.png"></figure></div>',
      '<div class="gallery-card"><figure><img src="https://example.com/a.png"></figure></div>',
    ],
  ])('%s → %s', (input, output) => {
    expect(sanitizePostHtml(input)).toBe(output);
  });
});
