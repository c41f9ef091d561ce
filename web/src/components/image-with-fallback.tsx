import { ImageOff } from 'lucide-react';
import { imageSrc, imageSrcset } from '@blog/shared/rules';
import { useState } from 'react';

interface ImageWithFallbackProps {
  /** The stored image URL (absolute or /uploads/...), or null when the post has none. */
  url: string | null | undefined;
  alt: string;
  /** Eager (and fetched first) for an image in the first screen: the article's, the first card's; lazy below. */
  loading?: 'lazy' | 'eager';
  /** How wide the image is drawn, for the browser to pick a width from `srcset` (uploads only). */
  sizes?: string;
  /** The article's image has rounded corners; a card's is cut by the card. */
  rounded?: boolean;
}

/**
 * A post image in a 3:2 box as wide as its container; without an image, or when it fails to load, the
 * „Brak Grafiki” placeholder. Styled by theme/public-static.css.
 */
export function ImageWithFallback({
  url,
  alt,
  loading = 'lazy',
  sizes = '(min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw',
  rounded = false,
}: ImageWithFallbackProps) {
  const src = imageSrc(url);
  // Uploads made here come in several widths; the browser downloads the one the layout needs.
  const srcSet = imageSrcset(url) ?? undefined;
  // Remembers which src failed, so a new src (another post in the same card) gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && failedSrc !== src;

  return (
    <div className={rounded ? 'post-image post-image--rounded' : 'post-image'}>
      {showImage ? (
        <img
          className="post-image__img"
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          loading={loading}
          fetchPriority={loading === 'eager' ? 'high' : undefined}
          decoding="async"
          onError={() => {
            console.warn(`Nie udało się wczytać obrazu: ${src}`);
            setFailedSrc(src);
          }}
        />
      ) : (
        <div className="post-image__none" role="img" aria-label="Brak Grafiki">
          <ImageOff size={28} aria-hidden="true" />
          <p className="post-image__none-text" aria-hidden="true">
            Brak Grafiki
          </p>
        </div>
      )}
    </div>
  );
}
