import { readFileSync } from 'node:fs';
import { ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Prose } from '../components/prose.tsx';
import { appSystem } from './system.ts';

const STATIC_CLASS = '.server-html';
/** The file as written (a test run gets no CSS through imports). Named apart: vite rewrites `new URL('literal', import.meta.url)`. */
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/**
 * CSS as a flat list of `at-rules | selector | property: value`, in order, spelled alike on both sides:
 * whitespace, quotes and the vendor-prefixed copies emotion adds (the browser reads the plain ones) left out.
 */
function declarations(css: string): string[] {
  const out: string[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const tight = (value: string) =>
    value
      .replace(/\s+/g, ' ')
      .replace(/\s*([>,])\s*/g, '$1')
      .replace(/'/g, '"')
      .trim();
  const walk = (from: number, context: string[]): number => {
    let at = from;
    while (at < text.length) {
      const open = text.indexOf('{', at);
      const close = text.indexOf('}', at);
      if (close !== -1 && (open === -1 || close < open)) {
        for (const declaration of text.slice(at, close).split(';')) {
          const colon = declaration.indexOf(':');
          if (colon < 0) continue;
          const property = declaration.slice(0, colon).trim();
          const value = tight(declaration.slice(colon + 1));
          if (/^-(webkit|moz|ms)-/.test(property) || /^-(webkit|moz|ms)-/.test(value)) continue;
          out.push(`${context.join(' | ')} | ${property}: ${value}`);
        }
        return close + 1;
      }
      if (open === -1) return text.length;
      at = walk(open + 1, [...context, tight(text.slice(at, open))]);
    }
    return at;
  };
  walk(0, []);
  return out;
}

/** The rules Chakra draws for Prose, with its generated class named as the static CSS names it. */
function proseAsChakraDrawsIt(): string[] {
  const cache = createCache({ key: 'prose' });
  const { container } = render(
    <CacheProvider value={cache}>
      <ChakraProvider value={appSystem()}>
        <Prose />
      </ChakraProvider>
    </CacheProvider>,
  );
  const generated = [...(container.firstElementChild?.classList ?? [])].find((name) =>
    name.startsWith('prose-'),
  );
  expect(generated).toBeDefined();
  const css = [...document.head.querySelectorAll('style[data-emotion="prose"]')]
    .map((tag) => tag.textContent)
    .join('')
    .replaceAll(`.${generated!}`, () => STATIC_CLASS);
  return declarations(css).filter((line) => line.includes(STATIC_CLASS));
}

describe('the server-drawn text’s static CSS (server-html.css)', () => {
  it('is Prose’s: the same rules, in the same layer and order, as Chakra draws them', () => {
    const written = declarations(read('./server-html.css'));
    const fromChakra = proseAsChakraDrawsIt();
    expect(fromChakra.length).toBeGreaterThan(150);
    expect(written.filter((line) => line.includes(STATIC_CLASS))).toEqual(fromChakra);
  });
});
