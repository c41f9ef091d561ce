import type { PublicComment } from '@blog/shared';
import { Avatar, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDateTime, isoDateTime } from '../../lib/dates.ts';
import '../../theme/more-recipes.ts';

/** Comments of an article, oldest first (the server's order). Content is plain text, never HTML. */
export function CommentList({ comments }: { comments: PublicComment[] }) {
  if (comments.length === 0) {
    return <Text color="fg.muted">Brak komentarzy. Napisz pierwszy!</Text>;
  }
  return (
    <Stack as="ol" listStyleType="none" gap="4">
      {comments.map((comment) => (
        <Box
          as="li"
          key={comment.id}
          borderWidth="1px"
          borderColor="border.muted"
          borderRadius="lg"
          p="4"
          bg="bg"
        >
          <Box as="article" aria-label={`Komentarz: ${comment.author}`}>
            <HStack gap="3" mb="2">
              <Avatar.Root size="sm" colorPalette="brand">
                <Avatar.Fallback name={comment.author} />
              </Avatar.Root>
              <Stack gap="0">
                <Text fontWeight="semibold">{comment.author}</Text>
                <Text fontSize="xs" color="fg.muted" asChild>
                  <time dateTime={isoDateTime(comment.createdAt)}>{formatDateTime(comment.createdAt)}</time>
                </Text>
              </Stack>
            </HStack>
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere" lineHeight="tall">
              {comment.content}
            </Text>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
