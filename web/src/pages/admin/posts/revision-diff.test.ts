import { describe, expect, it } from 'vitest';
import { diffCounts, revisionDiff } from './revision-diff.ts';

describe('revisionDiff', () => {
  it('marks the words added and removed since the revision, comparing the text a reader reads', () => {
    const parts = revisionDiff('<p>Ala ma <strong>kota</strong>.</p>', '<p>Ala ma dużego psa.</p>');
    expect(parts.filter((part) => part.kind === 'removed').map((part) => part.text.trim())).toEqual(['kota']);
    expect(parts.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual([
      'dużego psa',
    ]);
    expect(parts.map((part) => (part.kind === 'added' ? '' : part.text)).join('')).toBe('Ala ma kota.');
    expect(diffCounts(parts)).toEqual({ added: 2, removed: 1 });
  });

  it('finds nothing to mark in equal texts whatever their markup', () => {
    const parts = revisionDiff(
      '<p>Ten sam tekst</p>',
      '<p style="text-align: left">Ten sam <em>tekst</em></p>',
    );
    expect(parts.every((part) => part.kind === 'same')).toBe(true);
  });
});
