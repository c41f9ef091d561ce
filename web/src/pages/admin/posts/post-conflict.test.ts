import { describe, expect, it } from 'vitest';
import { changedFields, comparableValues } from './post-conflict.ts';
import { newPostValues } from './post.form.ts';

const mine = { ...newPostValues, title: 'Tytuł', slug: 'tytul', content: '<p>Treść posta.</p>' };

describe('what changed between my copy and the server’s', () => {
  it('names the SEO panel’s fields too', () => {
    const server = comparableValues(mine);
    expect(changedFields(server, comparableValues(mine))).toEqual([]);
    expect(
      changedFields(
        server,
        comparableValues({ ...mine, metaTitle: 'Inny tytuł SEO', socialImageUrl: '/uploads/a.webp' }),
      ),
    ).toEqual(['Tytuł SEO', 'Obraz do udostępniania']);
  });
});
