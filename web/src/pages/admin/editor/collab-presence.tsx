import { Box, HStack, Text } from '@chakra-ui/react';
import type { CollabPeer } from './collab-caret.ts';

const OFFLINE_TEXT = 'Brak połączenia — zmiany zostaną wysłane po powrocie sieci';

/** „Jan Kowalski” → „JK”; one word gives its first two letters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (words[0]![0]! + words.at(-1)![0]!).toUpperCase();
}

export interface CollabPresenceProps {
  peers: CollabPeer[];
  online: boolean;
  refusal: string | null;
}

/** Who else edits the post (initials in their colour), and why changes are not reaching them. */
export function CollabPresence({ peers, online, refusal }: CollabPresenceProps) {
  return (
    <HStack
      px="3"
      py="1.5"
      gap="2"
      flexWrap="wrap"
      borderBottomWidth="1px"
      borderColor="border.muted"
      fontSize="sm"
      data-testid="collab-presence"
    >
      {peers.length > 0 ? (
        <HStack gap="1" role="list" aria-label="Inne osoby edytujące ten post">
          {peers.map((peer) => (
            <Box
              key={peer.clientId}
              role="listitem"
              title={peer.name}
              aria-label={peer.name}
              bg={peer.color}
              color="white"
              borderRadius="full"
              width="7"
              height="7"
              display="flex"
              alignItems="center"
              justifyContent="center"
              fontSize="xs"
              fontWeight="semibold"
            >
              {initialsOf(peer.name)}
            </Box>
          ))}
        </HStack>
      ) : (
        <Text color="fg.muted">Edytujesz sam</Text>
      )}
      <Box flex="1" />
      {refusal ? (
        <Text color="fg.error" role="alert">
          {refusal}
        </Text>
      ) : (
        !online && (
          <Text color="fg.warning" role="status">
            {OFFLINE_TEXT}
          </Text>
        )
      )}
    </HStack>
  );
}
