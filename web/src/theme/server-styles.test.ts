import { afterEach, describe, expect, it } from 'vitest';
import { serverStylesCache, serverStyleTags } from './server-styles.ts';

const CHUNKS = [
  { key: 'c-global', ids: ['g1'], css: 'body{margin:0}' },
  { key: 'c', ids: ['a1', 'b2'], css: '.c-a1{color:red}.c-b2{color:blue}' },
];

afterEach(() => {
  document.head.innerHTML = '';
});

describe('server-rendered styles', () => {
  it('are marked as adopted, and their rule names kept apart from emotion’s own attribute', () => {
    const marked = serverStyleTags(CHUNKS);
    expect(marked).toBe(
      '<style data-s="" data-emotion="c-global g1">body{margin:0}</style><style data-s="" data-server-styles="c a1 b2">.c-a1{color:red}.c-b2{color:blue}</style>',
    );
  });

  it('are known to the hydrating cache as inserted, and no element is moved or added', () => {
    document.head.innerHTML = `${serverStyleTags(CHUNKS)}<meta name="after">`;
    const before = [...document.head.childNodes];
    const cache = serverStylesCache();
    expect(cache.inserted).toMatchObject({ a1: true, b2: true });
    expect(cache.inserted).not.toHaveProperty('g1');
    expect([...document.head.childNodes]).toEqual(before);
  });
});
