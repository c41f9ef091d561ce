import { postPath } from '@blog/shared/addresses';
import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { AdminPost } from '@blog/shared';
import { Eye, Smartphone } from 'lucide-react';

/** A phone's width and height in CSS pixels (the 390×844 test phone). */
const PHONE = { width: 390, height: 844 };

/**
 * „Podgląd” of a saved draft: the article as readers will see it (staff see drafts at the public
 * address, the list's eye icon opens the same), at desktop width in a new tab or at a phone's width in
 * a window of that size. The page's Content-Security-Policy forbids frames, so no iframe.
 */
export function PostPreviewLinks({ post }: { post: Pick<AdminPost, 'slug' | 'title'> }) {
  const href = postPath(post.slug);
  return (
    <Stack gap="2">
      <HStack gap="2" flexWrap="wrap">
        <Button asChild size="sm" variant="outline">
          <Link href={href} target="_blank" rel="noopener noreferrer">
            <Eye aria-hidden="true" />
            Podgląd
          </Link>
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            window.open(href, 'podglad-telefon', `popup,width=${PHONE.width},height=${PHONE.height},noopener`)
          }
        >
          <Smartphone aria-hidden="true" />
          Podgląd na telefonie
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        Podgląd pokazuje ostatnią zapisaną wersję szkicu.
      </Text>
    </Stack>
  );
}
