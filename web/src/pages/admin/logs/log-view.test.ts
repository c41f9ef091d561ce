import { describe, expect, it } from 'vitest';
import {
  filterLines,
  formatLogDate,
  imageEntries,
  imagePreviewUrl,
  levelOf,
  localLogLine,
  parseImageLine,
} from './log-view.ts';

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
    const line = '2026-01-15T23:30:05.123Z INFO x';
    expect(filterLines([line, 'b'], '16.01.2026, 00:30')).toEqual([line]);
    expect(filterLines([line, 'b'], '2026-01-15T23')).toEqual([line]);
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

  it('shows the leading UTC instant in Warsaw time, winter and summer, whatever the browser zone', () => {
    expect(localLogLine('2026-01-15T23:30:05.123Z INFO Zmieniono ustawienia strony {"by":"admin"}')).toBe(
      '16.01.2026, 00:30:05 INFO Zmieniono ustawienia strony {"by":"admin"}',
    );
    expect(formatLogDate('2026-07-01T10:00:00Z')).toBe('01.07.2026, 12:00:00');
    expect(localLogLine('coś bez czasu')).toBe('coś bez czasu');
    expect(localLogLine('2026-01-15 bez godziny')).toBe('2026-01-15 bez godziny');
    expect(localLogLine('2026-01-15T23:30:05Z')).toBe('16.01.2026, 00:30:05');
  });
});
