import { describe, expect, it } from 'vitest';
import { splitStyles } from './split-styles.ts';

/** The (selector path, property, value) sequence a style object stands for, in order. */
function declarations(style: object, path: string[] = []): string[] {
  return Object.entries(style).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? declarations(value, [...path, key])
      : [`${path.join(' > ')} | ${key}: ${String(value)}`],
  );
}

describe('splitStyles', () => {
  const style = {
    '@layer base': {
      '@keyframes spin': { from: { rotate: '0deg' }, to: { rotate: '360deg' } },
      html: { color: 'red', lineHeight: 1.5, '--a': '1px', '--b': '2px' },
      body: { margin: 0 },
    },
    '@layer tokens': { ':root': { '--c': '3px', '--d': '4px', '--e': '5px' } },
  };

  it('keeps every declaration, in order, and cuts inside blocks', () => {
    const parts = splitStyles(style, 3);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.flatMap((part) => declarations(part))).toEqual(declarations(style));
    for (const part of parts) expect(declarations(part).length).toBeLessThanOrEqual(3);
  });

  it('never cuts a @keyframes block', () => {
    const parts = splitStyles(style, 1);
    const withSpin = parts.filter((part) => JSON.stringify(part).includes('@keyframes spin'));
    expect(withSpin).toHaveLength(1);
    expect(withSpin[0]).toEqual({
      '@layer base': { '@keyframes spin': style['@layer base']['@keyframes spin'] },
    });
  });

  it('gives the style whole when it is small enough', () => {
    expect(splitStyles(style, 100)).toEqual([style]);
  });
});
