// The fidelity table for WordPress's block-editor test data (its own blog: it names the same site as
// the classic theme test data, so in one blog its posts would be taken for those). Source of the
// file: fixtures/real/README.md.
import { describe, expect, it } from 'vitest';
import { fidelity, printFidelity } from './import-fidelity.fixtures.ts';
import { useEmptyBlog } from './import.fixtures.ts';

useEmptyBlog();

describe('fidelity of a move from a real block-editor export', () => {
  it('WordPress block test data: keeps every word and reports every element it does not keep', async () => {
    const result = await fidelity('real/wordpress-block-test.xml');
    printFidelity('WordPress block test data (block editor)', result);
    expect(result.words.kept).toBe(result.words.source);
    expect(result.words.source).toBeGreaterThan(500);
  }, 120_000);
});
