import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { describe, expect, it } from 'vitest';
import { isSpaRoute } from './spa-routes.ts';

const example = (path: string) => path.replace(/:[a-zA-Z]+/g, 'x-1');

describe('the server knows every page of the web app (one table: PUBLIC_PAGES)', () => {
  it('answers 200, not 404, for every reader page', () => {
    const unknown = Object.values(PUBLIC_PAGES)
      .map(example)
      .filter((path) => !isSpaRoute(path));
    expect(unknown).toEqual([]);
    expect(isSpaRoute('/posts/')).toBe(true);
  });

  it('keeps unknown paths unknown', () => {
    for (const path of ['/nie-ma', '/posts/x/y', '/auth/x', '/post', '/post/a/b', '/administrator'])
      expect(isSpaRoute(path), path).toBe(false);
    expect(isSpaRoute('/admin/cokolwiek')).toBe(true);
    expect(isSpaRoute('/admin')).toBe(true);
  });
});
