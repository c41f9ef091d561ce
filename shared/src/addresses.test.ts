import { describe, expect, it } from 'vitest';
import {
  absoluteLink,
  ADMIN_PAGES,
  ADMIN_PAGES_BASE,
  adminPostEditPath,
  categoryPath,
  isAdminPathname,
  pagePath,
  pagePattern,
  postPath,
  PUBLIC_PAGES,
  staticPrefix,
  tagPath,
  withQuery,
} from './addresses.ts';

describe('page addresses', () => {
  it('an article is its slug, one encoded segment, under the article pattern', () => {
    expect(postPath('moj-pierwszy-wpis')).toBe('/post/moj-pierwszy-wpis');
    expect(postPath('a/b?c')).toBe('/post/a%2Fb%3Fc');
    expect(postPath('x').startsWith(staticPrefix(PUBLIC_PAGES.post))).toBe(true);
  });

  it('a category is its id and name slug, a tag its own name', () => {
    expect(categoryPath({ id: 3, name: 'Sztuczna inteligencja' })).toBe('/kategoria/3-sztuczna-inteligencja');
    expect(tagPath('zdrowie psychiczne')).toBe('/tag/zdrowie%20psychiczne');
  });

  it('fills every parameter of a pattern and refuses a missing one', () => {
    expect(pagePath(PUBLIC_PAGES.post, { slug: 'abc' })).toBe('/post/abc');
    expect(pagePath(PUBLIC_PAGES.contact)).toBe('/contact');
    expect(() => pagePath(PUBLIC_PAGES.post)).toThrow(':slug');
    expect(adminPostEditPath(12)).toBe('/admin/posts/edit/12');
  });

  it('every admin screen is under the panel’s base, and only those paths are the panel’s', () => {
    for (const pattern of Object.values(ADMIN_PAGES)) expect(isAdminPathname(pattern)).toBe(true);
    expect(ADMIN_PAGES.dashboard).toBe(ADMIN_PAGES_BASE);
    for (const path of ['/administrator', '/Admin', '/', '/post/admin'])
      expect(isAdminPathname(path)).toBe(false);
  });

  it('a link with a query, and an absolute link that keeps the site URL’s path prefix', () => {
    expect(withQuery(PUBLIC_PAGES.passwordReset)).toBe('/auth/reset');
    expect(withQuery(PUBLIC_PAGES.passwordReset, { token: 'a b&c' })).toBe('/auth/reset?token=a+b%26c');
    expect(absoluteLink('https://blog.example.pl/pl/', postPath('wpis'))).toBe(
      'https://blog.example.pl/pl/post/wpis',
    );
    expect(absoluteLink('https://blog.example.pl', PUBLIC_PAGES.subscriptionConfirm, { token: 't' })).toBe(
      'https://blog.example.pl/subscribe/confirm?token=t',
    );
  });

  it('the fixed start of a pattern is what its paths begin with', () => {
    expect(staticPrefix(ADMIN_PAGES.postEdit)).toBe('/admin/posts/edit/');
    expect(staticPrefix(PUBLIC_PAGES.about)).toBe('/about');
  });

  it('matches a pattern as the router does and hands back each raw segment by name', () => {
    const article = pagePattern(PUBLIC_PAGES.post);
    expect(article.exec(postPath('żółw'))?.groups?.slug).toBe('%C5%BC%C3%B3%C5%82w');
    expect(article.test('/post/abc/')).toBe(true);
    for (const path of ['/post/', '/post/a/b', '/posts', '/Post/abc'])
      expect(article.test(path), path).toBe(false);
    expect(pagePattern(PUBLIC_PAGES.home).test('/')).toBe(true);
    expect(pagePattern(PUBLIC_PAGES.home).test('/x')).toBe(false);
    expect(pagePattern(PUBLIC_PAGES.tag).exec(tagPath('a.b'))?.groups?.name).toBe('a.b');
  });
});
