import { describe, expect, it } from 'vitest';
import { imageSrc } from './image-variants.ts';

describe('imageSrc', () => {
  it('serves uploads through the API', () => {
    expect(imageSrc('/uploads/cover-123.webp')).toBe('/api/images/cover-123.webp');
  });

  it('keeps only the file name of nested upload paths', () => {
    expect(imageSrc('/uploads/2025/03/cover.png')).toBe('/api/images/cover.png');
  });

  it('leaves other addresses alone', () => {
    expect(imageSrc('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(imageSrc('/api/images/a.jpg')).toBe('/api/images/a.jpg');
  });

  it('gives null for a missing image', () => {
    expect(imageSrc(null)).toBeNull();
    expect(imageSrc(undefined)).toBeNull();
    expect(imageSrc('  ')).toBeNull();
    expect(imageSrc('/uploads/')).toBeNull();
  });
});
