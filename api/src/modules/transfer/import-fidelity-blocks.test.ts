// The fidelity table for WordPress's block-editor test data (its own blog: it names the same site as
// the classic theme test data, so in one blog its posts would be taken for those). Source of the
// file: api/test/import-files/real/README.md.
import { describe, expect, it } from 'vitest';
import { fidelity, printFidelity } from '../../../test/import-fidelity.fixtures.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blogState, fixture, importFile, npmRun, useEmptyBlog } from '../../../test/import.fixtures.ts';

useEmptyBlog();

describe('fidelity of a move from a real block-editor export', () => {
  it('WordPress block test data: keeps every word and reports every element it does not keep', async () => {
    const result = await fidelity('real/wordpress-block-test.xml');
    printFidelity('WordPress block test data (block editor)', result);
    expect(result.words.kept).toBe(result.words.source);
    expect(result.words.source).toBeGreaterThan(500);

    // The same file again: nothing new, nothing changed.
    const before = await blogState();
    const again = await importFile(await fixture('real/wordpress-block-test.xml'));
    expect(again.created).toEqual({ posts: 0, authors: 0, categories: 0, tags: 0, comments: 0, images: 0 });
    expect(await blogState()).toEqual(before);
  }, 120_000);

  // Strikethrough, sub- and superscript and highlight are editor marks now, and the callout, toggle,
  // bookmark and table cards arrive as cards: not in the list. A video, a sound and a file are links.
  it('npm run import prints, per post, what it could not bring', async () => {
    const file = fileURLToPath(new URL('../../../test/import-files/real/ghost-export.json', import.meta.url));
    const { stdout } = await npmRun('import', [path.normalize(file)]);
    expect(stdout).toContain(
      'Wpis przeniesiony nie w całości („Test fixture”): Nie przeniesiono: audio jako link ×1, plik jako link ×1, wideo jako link ×1.',
    );
  }, 120_000);
});
