import { describe, expect, it } from 'vitest';
import { landingPath, safeNextPath, signInPathFor } from './safe-redirect.ts';

describe('safeNextPath', () => {
  it.each([
    ['/admin/users', '/admin/users'],
    ['/', '/'],
    ['/posts?page=2#top', '/posts?page=2#top'],
    ['/post/zażółć', '/post/za%C5%BC%C3%B3%C5%82%C4%87'],
    ['/admin/../posts', '/posts'],
  ])('keeps the same-site path %j', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  it.each([
    undefined,
    null,
    42,
    '',
    'admin',
    '//evil.example',
    '//evil.example/admin',
    '/\\evil.example',
    '/admin\\..\\..\\evil',
    'https://evil.example/admin',
    'javascript:alert(1)',
    ' /admin',
    '/\t/evil.example',
    '/\n/evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/admin users',
    '/auth',
    '/auth?next=/admin',
    '/auth/reset?token=x',
  ])('refuses %j', (value) => {
    expect(safeNextPath(value)).toBeNull();
  });
});

describe('landingPath', () => {
  it('sends staff to /admin and everyone else to / without a return path', () => {
    expect(landingPath('admin', null)).toBe('/admin');
    expect(landingPath('publisher', undefined)).toBe('/admin');
    expect(landingPath('subscriber', null)).toBe('/');
  });

  it('returns staff to the page they were sent away from', () => {
    expect(landingPath('admin', '/admin/users')).toBe('/admin/users');
    expect(landingPath('publisher', '/posts')).toBe('/posts');
  });

  it('never sends a subscriber into the admin panel, but honours public return paths', () => {
    expect(landingPath('subscriber', '/admin/users')).toBe('/');
    expect(landingPath('subscriber', '/admin')).toBe('/');
    expect(landingPath('subscriber', '/post/abc')).toBe('/post/abc');
    expect(landingPath('subscriber', '/administracja')).toBe('/administracja');
  });

  it('ignores an off-site return path', () => {
    expect(landingPath('admin', '//evil.example')).toBe('/admin');
    expect(landingPath('subscriber', 'https://evil.example')).toBe('/');
  });
});

describe('signInPathFor', () => {
  it('carries the return path, encoded', () => {
    expect(signInPathFor('/admin/users?x=1')).toBe('/auth?next=%2Fadmin%2Fusers%3Fx%3D1');
  });

  it('drops an unsafe return path', () => {
    expect(signInPathFor('//evil.example')).toBe('/auth');
  });
});
