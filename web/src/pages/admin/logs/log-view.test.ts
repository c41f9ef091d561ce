import { describe, expect, it } from 'vitest';
import { filterLines, imageEntries, imagePreviewUrl, levelOf, parseImageLine } from './log-view.ts';

describe('log view helpers', () => {
  it('reads the level after the timestamp', () => {
    expect(levelOf('2024-01-01T00:00:00.000Z ERROR boom')).toBe('ERROR');
    expect(levelOf('2024-01-01T00:00:00.000Z WARN uwaga')).toBe('WARN');
    expect(levelOf('2024-01-01T00:00:00.000Z DEBUG x')).toBe('DEBUG');
    expect(levelOf('coś bez poziomu')).toBe('INFO');
  });

  it('filters case-insensitively', () => {
    expect(filterLines(['A Błąd', 'b info'], 'BŁĄD')).toEqual(['A Błąd']);
    expect(filterLines(['a', 'b'], '  ')).toEqual(['a', 'b']);
  });

  it('parses image lines and maps /uploads/ to /api/images/', () => {
    expect(parseImageLine('2024-01-01T10:00:00Z → /uploads/abc.png (Post: Koty i psy)')).toEqual({
      timestamp: '2024-01-01T10:00:00Z',
      originalFilename: 'abc.png',
      databasePath: '/uploads/abc.png',
      postTitle: 'Koty i psy',
    });
    expect(parseImageLine('nie ten format')).toBeNull();
    expect(imagePreviewUrl('/uploads/abc.png')).toBe('/api/images/abc.png');
    const structured = [
      { timestamp: 't', originalFilename: 'k.png', databasePath: '/uploads/x.png', postTitle: null },
    ];
    expect(imageEntries(['x'], structured)).toBe(structured);
  });
});
