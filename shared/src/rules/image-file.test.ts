import { describe, expect, it } from 'vitest';
import { imageFileProblem, inlineImageSrcset } from './image-variants.ts';

describe('imageFileProblem (the pickers check a file when it is chosen)', () => {
  it('lets a PNG, JPEG, GIF, WebP or AVIF of up to 5 MB through', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'])
      expect(imageFileProblem({ type, size: 5 * 1024 * 1024 }), type).toBeNull();
  });

  it('refuses other types, SVG included, and anything over 5 MB, with the server’s words', () => {
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('Plik nie jest obsługiwanym obrazem.');
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe(
      'Plik nie jest obsługiwanym obrazem.',
    );
    expect(imageFileProblem({ type: '', size: 10 })).toBe('Plik nie jest obsługiwanym obrazem.');
    expect(imageFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(
      'Obraz może mieć najwyżej 5 MB.',
    );
  });
});

describe('inlineImageSrcset', () => {
  it('builds the widths of an image uploaded here from its src alone', () => {
    const id = 'ab'.repeat(16);
    expect(inlineImageSrcset(`/api/images/${id}-960w.webp`)).toBe(
      `/api/images/${id}-480w.webp 480w, /api/images/${id}-960w.webp 960w`,
    );
  });

  it('has none for any other address', () => {
    for (const src of ['https://example.com/a.webp', '/api/images/a.png', '/api/images/../x', '', null])
      expect(inlineImageSrcset(src)).toBeNull();
  });
});
