import { Button, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';

/** About three lines of the table's column: a longer text (or more lines) gets „Pokaż całość”. */
const CLAMPED_CHARACTERS = 180;
const CLAMPED_LINES = 3;

export const isLongComment = (content: string) =>
  content.length > CLAMPED_CHARACTERS || content.split('\n').length > CLAMPED_LINES;

/** A comment's text, clamped to three lines until the moderator expands it. */
export function CommentContent({ content, author }: { content: string; author: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = isLongComment(content);
  return (
    <Stack gap="1" align="flex-start">
      <Text id={id} lineClamp={expanded || !long ? undefined : CLAMPED_LINES} whiteSpace="pre-wrap">
        {content}
      </Text>
      {long && (
        <Button
          size="xs"
          variant="plain"
          px="0"
          colorPalette="brand"
          aria-expanded={expanded}
          aria-controls={id}
          aria-label={`${expanded ? 'Zwiń' : 'Pokaż całość'}: komentarz autora ${author}`}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Zwiń' : 'Pokaż całość'}
        </Button>
      )}
    </Stack>
  );
}
