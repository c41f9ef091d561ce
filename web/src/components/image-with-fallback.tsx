import { Box, type BoxProps, Image, Text } from '@chakra-ui/react';
import { ImageOff } from 'lucide-react';
import { imageSrc, imageSrcset } from '@blog/shared/rules';
import { useState } from 'react';

interface ImageWithFallbackProps extends Omit<BoxProps, 'children'> {
  /** The stored image URL (absolute or /uploads/...), or null when the post has none. */
  url: string | null | undefined;
  alt: string;
  /** Eager (and fetched first) for an image in the first screen: the article's, the first card's; lazy below. */
  loading?: 'lazy' | 'eager';
  /** How wide the image is drawn, for the browser to pick a width from `srcset` (uploads only). */
  sizes?: string;
}

/** A post image in a fixed box; without an image, or when it fails to load, the „Brak Grafiki” placeholder. */
export function ImageWithFallback({
  url,
  alt,
  loading = 'lazy',
  sizes = '(min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw',
  ...boxProps
}: ImageWithFallbackProps) {
  const src = imageSrc(url);
  // Uploads made here come in several widths; the browser downloads the one the layout needs.
  const srcSet = imageSrcset(url) ?? undefined;
  // Remembers which src failed, so a new src (another post in the same card) gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && failedSrc !== src;

  return (
    <Box position="relative" overflow="hidden" bg="bg.muted" {...boxProps}>
      {showImage ? (
        <Image
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          loading={loading}
          fetchPriority={loading === 'eager' ? 'high' : undefined}
          decoding="async"
          width="100%"
          height="100%"
          objectFit="cover"
          onError={() => {
            console.warn(`Nie udało się wczytać obrazu: ${src}`);
            setFailedSrc(src);
          }}
        />
      ) : (
        <Box
          role="img"
          aria-label="Brak Grafiki"
          height="100%"
          width="100%"
          display="flex"
          flexDirection="column"
          alignItems="center"
          justifyContent="center"
          gap="2"
          color="fg.subtle"
          bgGradient="to-br"
          gradientFrom="brand.50"
          gradientTo="gray.100"
        >
          <ImageOff size={28} aria-hidden="true" />
          <Text fontSize="sm" fontWeight="medium" aria-hidden="true">
            Brak Grafiki
          </Text>
        </Box>
      )}
    </Box>
  );
}
