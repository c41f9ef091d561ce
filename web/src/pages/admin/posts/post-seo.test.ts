import { describe, expect, it } from 'vitest';
import { newPostValues } from './post.form.ts';
import { searchPreview } from './post-seo.ts';

const post = {
  ...newPostValues,
  title: 'Tytuł posta o uwadze',
  slug: 'tytul-posta',
  excerpt: 'Zajawka',
  imageUrl: '/uploads/0123456789abcdef0123456789abcdef-960w.webp',
};

describe('the SEO panel mock-ups', () => {
  it('fall back to the title, the excerpt and the post image, as the server does', () => {
    expect(searchPreview(post, 'https://blog.example.pl')).toEqual({
      title: 'Tytuł posta o uwadze',
      description: 'Zajawka',
      url: 'blog.example.pl/post/tytul-posta',
      host: 'blog.example.pl',
      image: '/api/images/0123456789abcdef0123456789abcdef-960w.webp',
    });
  });

  it('show the panel’s own fields once typed', () => {
    const preview = searchPreview(
      {
        ...post,
        metaTitle: ' Tytuł SEO ',
        metaDescription: 'Opis SEO',
        socialImageUrl: 'https://example.com/karta.png',
      },
      'http://localhost:3000',
    );
    expect(preview).toMatchObject({
      title: 'Tytuł SEO',
      description: 'Opis SEO',
      image: 'https://example.com/karta.png',
    });
  });

  it('say when there is no description, and name an empty post', () => {
    const preview = searchPreview({ ...newPostValues }, 'http://localhost:3000');
    expect(preview.title).toBe('Tytuł posta');
    expect(preview.description).toBe('Brak opisu: wyszukiwarka sama wybierze fragment treści.');
    expect(preview.image).toBeNull();
  });
});
