import { EMBED_PROVIDERS, embedOf, GALLERY_IMAGES } from '@blog/shared/post-cards';
import { inlineImageSrcset, INLINE_IMAGE_SIZES } from '@blog/shared/rules';
import { Editor } from '@tiptap/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { sanitizePostHtml } from '../../../../../../api/src/html/sanitize-html.ts';
import { editorExtensions } from '../editor-extensions.ts';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** The HTML the editor writes after reading `html` (TextAlign's default alignment left out). */
const throughEditor = (html: string) => {
  editor?.destroy();
  editor = new Editor({ extensions: editorExtensions(), content: html });
  return editor.getHTML().replaceAll(' style="text-align: left;"', '');
};

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Text as a writer types it: letters, Polish ones, spaces inside, markup characters. */
const text = fc
  .stringMatching(/^[a-zA-Z0-9ąęłńóśźżĄĘŁŃÓŚŹŻ&<>"' .,!?-]{1,40}$/)
  .map((value) => value.replace(/\s+/g, ' ').trim())
  .filter((value) => value !== '');

/** A page of each provider that embedOf takes, as the editor stores it. */
const address = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{11}$/).map((id) => `https://www.youtube.com/watch?v=${id}`),
  fc.stringMatching(/^[A-Za-z0-9_-]{11}$/).map((id) => `https://youtu.be/${id}`),
  fc.integer({ min: 1, max: 2 ** 40 }).map((id) => `https://vimeo.com/${id}`),
  fc.integer({ min: 1, max: 2 ** 50 }).map((id) => `https://x.com/autor_1/status/${id}`),
  fc.stringMatching(/^[A-Za-z0-9]{22}$/).map((id) => `https://open.spotify.com/track/${id}`),
  fc.stringMatching(/^[a-z0-9-]{1,20}$/).map((name) => `https://soundcloud.com/zespol/${name}`),
  fc.stringMatching(/^[A-Za-z0-9]{1,12}$/).map((id) => `https://codepen.io/autor/pen/${id}`),
);

const embed = fc.tuple(address, text).map(([href, title]) => {
  const found = embedOf(href)!;
  return `<div class="embed-card" data-provider="${found.provider}"><a target="_blank" rel="noopener noreferrer" href="${found.url}">${escape(title)}</a></div>`;
});

const upload = fc
  .tuple(
    fc.stringMatching(/^[a-f0-9]{32}$/),
    fc.constantFrom(480, 800, 960, 1600),
    fc.integer({ min: 1, max: 3000 }),
  )
  .map(([id, width, height]) => ({ src: `/api/images/${id}-${width}w.webp`, width, height }));

const figure = fc.tuple(upload, text, fc.option(text, { nil: null })).map(([image, alt, caption]) => {
  const img = `<img src="${image.src}" srcset="${inlineImageSrcset(image.src)}" sizes="${INLINE_IMAGE_SIZES}" alt="${escape(alt).replaceAll('"', '&quot;')}" width="${image.width}" height="${image.height}">`;
  const link = `<a target="_self" rel="noopener noreferrer" href="${image.src}">${img}</a>`;
  return `<figure>${link}${caption === null ? '' : `<figcaption>${escape(caption)}</figcaption>`}</figure>`;
});

const gallery = fc
  .array(figure, { minLength: GALLERY_IMAGES.min, maxLength: GALLERY_IMAGES.max })
  .map((figures) => `<div class="gallery-card">${figures.join('')}</div>`);

const paragraph = text.map((value) => `<p>${escape(value)}</p>`);

describe('random documents with embeds and galleries', () => {
  it('every provider has an address in the generator', () => {
    const providers = new Set(fc.sample(address, 500).map((href) => embedOf(href)?.provider));
    expect([...providers].sort()).toEqual(EMBED_PROVIDERS.map((provider) => provider.id).sort());
  });

  it('round-trip editor → HTML → sanitizer → editor unchanged', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(paragraph, embed, gallery), { minLength: 1, maxLength: 6 }), (blocks) => {
        const once = throughEditor(blocks.join(''));
        // The generator writes the editor's own spelling: read and written, nothing changes.
        expect(once.replace(/<p><\/p>$/, '')).toBe(blocks.join(''));
        expect(sanitizePostHtml(once)).toBe(once);
        expect(throughEditor(sanitizePostHtml(once))).toBe(once);
        // Each card is read as a card, none lost.
        const cards = blocks.filter((block) => block.startsWith('<div')).length;
        expect(once.split('<div class="').length - 1).toBe(cards);
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
