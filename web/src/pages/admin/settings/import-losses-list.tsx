import type { ImportResult } from '@blog/shared';
import { describePostLosses } from '@blog/shared/import-losses';
import { Box, List, Text } from '@chakra-ui/react';

/**
 * Every imported post that did not come in whole, with what it lost: elements, shortcodes and cards
 * the blog cannot keep yet (a frame, a form, a plugin's shortcode) and any missing words. A post is
 * never shortened without a word here. Reports of older imports have no list.
 */
export function ImportLossesList({ losses = [] }: { losses?: ImportResult['losses'] }) {
  if (losses.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="import-losses-title">
      <Text id="import-losses-title" fontWeight="semibold" mb="1">
        Wpisy przeniesione nie w całości ({losses.length})
      </Text>
      <Text fontSize="sm" color="fg.muted" mb="2">
        Tekst tych wpisów jest zaimportowany, ale tych elementów blog jeszcze nie pokazuje. Sprawdź wpisy i
        uzupełnij je w edytorze, jeśli brakuje czegoś ważnego.
      </Text>
      <List.Root ps="5" gap="1" fontSize="sm">
        {losses.map((post, index) => (
          <List.Item key={index}>
            „{post.title}”: {describePostLosses(post)}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
