import { describe, expect, it } from 'vitest';
import { insertGlobalCss } from './global-css.tsx';
import { appSystem } from './system.ts';

const styleText = () =>
  [...document.head.querySelectorAll('style[data-emotion="css-global"]')]
    .map((tag) => tag.textContent)
    .join('\n');

describe('insertGlobalCss', () => {
  it("puts Chakra's layer order, reset, global and token CSS in the document and leaves none to the provider", async () => {
    const system = await insertGlobalCss(appSystem());
    const css = styleText();
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    expect(css).toContain('@layer reset');
    expect(css).toContain('@keyframes spin');
    expect(css).toContain('--chakra-colors-brand-600:#3347d8');
    expect(system._global).toEqual([]);
    expect(system.css).toBe(appSystem().css);
  });
});
