// What the importer makes of a post's newer fields when the file's values do not fit this blog as
// they are: a planned publication already past or on a published post, an alternative text over the
// form's limit, earlier slugs that are taken here or misspelled; and a file without them (older
// exports, other blogs) imports as before.
import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { api, importFile, useEmptyBlog } from '../../../test/import.fixtures.ts';
import type { TransferPost } from './transfer-document.ts';

useEmptyBlog();

const post = (slug: string, fields: Partial<TransferPost> = {}): TransferPost => ({
  sourceId: slug,
  title: `Wpis ${slug}`,
  slug,
  html: '<p>Treść wpisu z pliku.</p>',
  excerpt: null,
  published: false,
  publishedAt: null,
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-02T10:00:00.000Z',
  authorSourceId: null,
  categorySourceIds: ['c1'],
  tagSourceIds: [],
  coverImage: null,
  ...fields,
});

const file = (site: string, posts: TransferPost[]) =>
  Buffer.from(
    JSON.stringify({
      format: 'blog-transfer',
      version: 1,
      source: { kind: 'blog', site },
      exportedAt: null,
      authors: [],
      categories: [{ sourceId: 'c1', name: 'Różne' }],
      tags: [],
      posts,
      comments: [],
    }),
  );

const row = async (slug: string) => {
  const [found] = await api.runtime.sequelize.query<{
    published: boolean;
    scheduled_at: Date | null;
    image_alt: string | null;
  }>('SELECT published, scheduled_at, image_alt FROM posts WHERE slug = :slug', {
    type: QueryTypes.SELECT,
    replacements: { slug },
  });
  return found;
};

const redirects = () =>
  api.runtime.sequelize.query<{ old_slug: string; slug: string }>(
    'SELECT r.old_slug, p.slug FROM post_slug_redirects r JOIN posts p ON p.id = r.post_id ORDER BY 1',
    { type: QueryTypes.SELECT },
  );

describe('a post’s newer fields on import', () => {
  it('keeps a plan only for a draft whose moment is ahead, and cuts the alt text to the form’s limit', async () => {
    const ahead = '2031-01-02T03:04:05.000Z';
    await importFile(
      file('https://plany.example.pl', [
        post('plan-przed-nami', { scheduledAt: ahead, coverImageAlt: '  Jezioro o świcie  ' }),
        post('plan-minal', { scheduledAt: '2024-04-01T10:00:00.000Z' }),
        post('plan-opublikowanego', {
          published: true,
          publishedAt: '2024-03-01T10:00:00.000Z',
          scheduledAt: ahead,
          coverImageAlt: `${'ą'.repeat(299)}😀`,
        }),
        post('bez-nowych-pol'),
      ]),
    );
    expect(await row('plan-przed-nami')).toEqual({
      published: false,
      scheduled_at: new Date(ahead),
      image_alt: 'Jezioro o świcie',
    });
    expect(await row('plan-minal')).toEqual({ published: false, scheduled_at: null, image_alt: null });
    // Published and planned at once contradicts itself: the less public choice, a draft
    // (docs/importing.md). 300 UTF-16 units would end inside the emoji: it goes whole.
    expect(await row('plan-opublikowanego')).toEqual({
      published: false,
      scheduled_at: null,
      image_alt: 'ą'.repeat(299),
    });
    expect(await row('bez-nowych-pol')).toEqual({ published: false, scheduled_at: null, image_alt: null });
  });

  it('points earlier slugs at the post, unless a post or another redirect has them', async () => {
    await importFile(
      file('https://pierwszy.example.pl', [post('zajety-adres', { oldSlugs: ['stary-adres'] })]),
    );
    const report = await importFile(
      file('https://drugi.example.pl', [
        post('nowy-adres', {
          published: true,
          publishedAt: '2024-03-01T10:00:00.000Z',
          oldSlugs: ['zajety-adres', 'stary-adres', 'Dawny%20Adres%20%C5%81%C3%B3d%C5%BA', 'x', 'nowy-adres'],
        }),
        // A later post of the same file has this slug: the redirect never pushes it off its slug.
        post('trzecia', { oldSlugs: ['druga-strona'] }),
        post('druga-strona', { oldSlugs: [] }),
      ]),
    );
    expect(report.renamedSlugs).toEqual([]);
    expect(await redirects()).toEqual([
      { old_slug: 'dawny-adres-lodz', slug: 'nowy-adres' },
      { old_slug: 'stary-adres', slug: 'zajety-adres' },
    ]);
    const moved = await api.fetch('/api/posts/dawny-adres-lodz', { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/api/posts/nowy-adres');
  });
});
