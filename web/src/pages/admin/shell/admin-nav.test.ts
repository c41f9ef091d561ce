import { describe, expect, it } from 'vitest';
import { adminNavFor, isAdminNavActive } from './admin-nav.ts';

const labels = (role: Parameters<typeof adminNavFor>[0]) => adminNavFor(role).map((item) => item.label);

describe('adminNavFor', () => {
  it('shows an admin every section', () => {
    expect(labels('admin')).toEqual([
      'Pulpit',
      'Wszystkie posty',
      'Nowy post',
      'Kategorie',
      'Komentarze',
      'Użytkownicy',
      'Subskrypcje',
      'Ustawienia',
      'Logi',
    ]);
  });

  it('hides users, subscriptions, settings and logs from a publisher', () => {
    expect(labels('publisher')).toEqual([
      'Pulpit',
      'Wszystkie posty',
      'Nowy post',
      'Kategorie',
      'Komentarze',
    ]);
  });
});

describe('isAdminNavActive', () => {
  it.each([
    ['/admin', '/admin', true],
    ['/admin', '/admin/', true],
    ['/admin', '/admin/users', false],
    ['/admin/posts', '/admin/posts', true],
    ['/admin/posts', '/admin/posts/edit/12', true],
    ['/admin/posts', '/admin/posts/new', false],
    ['/admin/posts/new', '/admin/posts/new', true],
    ['/admin/users', '/admin/users', true],
    ['/admin/users', '/admin/usersx', false],
  ])('%s on %s → %s', (to, pathname, active) => {
    expect(isAdminNavActive(to, pathname)).toBe(active);
  });
});
