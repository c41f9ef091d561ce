// How much of real exports comes in: WordPress's own theme test data (classic editor) and a Ghost
// export with a post Ghost drew, a Mobiledoc-only one and a Lexical-only one. Sources of every file:
// api/test/import-files/real/README.md. Prints the share kept per structural element and of words, and holds the
// importer to its promise: every word kept, every element not kept named in the report.
import { describe, expect, it } from 'vitest';
import { fidelity, printFidelity } from '../../../test/import-fidelity.fixtures.ts';
import { useEmptyBlog } from '../../../test/import.fixtures.ts';
import { readableText } from './import-fidelity.ts';
import { blogState, fixture, importFile } from '../../../test/import.fixtures.ts';
import { readImportFile } from './read-import-file.ts';

useEmptyBlog();

describe('fidelity of a move from a real export', () => {
  for (const [title, file] of [
    ['WordPress theme unit test data (classic editor)', 'real/wordpress-theme-unit-test.xml'],
    ['Ghost export (html, Mobiledoc only, Lexical only)', 'real/ghost-export.json'],
  ] as const) {
    it(`${title}: keeps every word and reports every element it does not keep`, async () => {
      const result = await fidelity(file);
      printFidelity(title, result);
      expect(result.words.kept).toBe(result.words.source);
      expect(result.words.source).toBeGreaterThan(500);

      // The same file again: nothing new, nothing changed.
      const before = await blogState();
      const again = await importFile(await fixture(file));
      expect(again.created).toEqual({ posts: 0, authors: 0, categories: 0, tags: 0, comments: 0, images: 0 });
      expect(await blogState()).toEqual(before);
    }, 120_000);
  }

  it('draws a Mobiledoc-only Ghost post with the words Ghost itself wrote for it, and a Lexical-only one in full', async () => {
    const bytes = await fixture('real/ghost-export.json');
    const document = readImportFile(bytes, [], {});
    const [withHtml, mobiledocOnly, lexicalOnly] = document.posts;
    expect(readableText(mobiledocOnly!.html).split(/\s+/).join(' ')).toBe(
      readableText(withHtml!.html.replace('<!--members-only-->', '')).split(/\s+/).join(' '),
    );
    for (const heading of ['Heading 1', 'Heading 2', 'Heading 3', 'List item 2', 'HTML card', 'admonition'])
      expect(lexicalOnly!.html).toContain(heading);
  });
});
