import { describe, expect, it } from 'vitest';
import { isNavLinkActive } from './nav-links.ts';

describe('isNavLinkActive', () => {
  it('marks the home link only on the home page', () => {
    expect(isNavLinkActive('/', '/')).toBe(true);
    expect(isNavLinkActive('/', '/posts')).toBe(false);
  });

  it('treats an article page as part of „Artykuły”', () => {
    expect(isNavLinkActive('/posts', '/posts')).toBe(true);
    expect(isNavLinkActive('/posts', '/post/hello-world')).toBe(true);
    expect(isNavLinkActive('/posts', '/postscript')).toBe(false);
  });

  it('matches other sections by path', () => {
    expect(isNavLinkActive('/contact', '/contact')).toBe(true);
    expect(isNavLinkActive('/about', '/contact')).toBe(false);
  });
});
