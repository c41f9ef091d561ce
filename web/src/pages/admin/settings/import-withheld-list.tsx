import type { ImportResult } from '@blog/shared';
import { Box, List, Text } from '@chakra-ui/react';

/**
 * The imported posts readers cannot see, each with the reason: an import never widens who can read
 * anything, so what the old blog kept from the public (or had not published yet) comes in as a draft
 * or scheduled, and the admin decides here what to publish. Reports of older imports have no list.
 */
export function ImportWithheldList({ withheld = [] }: { withheld?: ImportResult['withheld'] }) {
  if (withheld.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="import-withheld-title">
      <Text id="import-withheld-title" fontWeight="semibold" mb="1">
        Niewidoczne dla czytelników ({withheld.length})
      </Text>
      <Text fontSize="sm" color="fg.muted" mb="2">
        Import nie udostępnia nikomu więcej, niż pozwalał stary blog. Te wpisy są szkicami albo czekają na
        zaplanowaną publikację; opublikujesz je na liście „Wszystkie posty”.
      </Text>
      <List.Root ps="5" gap="1" fontSize="sm">
        {withheld.map((post, index) => (
          <List.Item key={index}>
            „{post.title}”: {post.reason}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
