import Heading from '@tiptap/extension-heading';

/**
 * Headings 1–4. The toolbar offers 2–4 (the title is the page's h1); an h1 already in a body (an
 * older post, an import) stays an h1 rather than being changed behind the writer's back. Deeper
 * headings other editors write (h5, h6) become h4, as the server's sanitizer spells them.
 */
export const PostHeading = Heading.extend({
  parseHTML() {
    return [
      ...[1, 2, 3, 4].map((level) => ({ tag: `h${level}`, attrs: { level } })),
      { tag: 'h5', attrs: { level: 4 } },
      { tag: 'h6', attrs: { level: 4 } },
    ];
  },
}).configure({ levels: [1, 2, 3, 4] });
