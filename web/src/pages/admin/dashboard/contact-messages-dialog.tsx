import { Box, Button, Dialog, Link, Stack, Text } from '@chakra-ui/react';
import { useContactMessages } from '../../../api/admin-dashboard.ts';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/** Messages sent through the contact form, newest first (admins only). */
export function ContactMessagesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { messages, error, isLoading } = useContactMessages(open);
  return (
    <AppDialog open={open} onClose={onClose} title="Wiadomości kontaktowe" size="lg">
      <Dialog.Body>
        {error ? (
          <LoadError title="Nie udało się pobrać wiadomości" error={error} />
        ) : isLoading || !messages ? (
          <Text color="fg.muted" role="status">
            Ładowanie wiadomości...
          </Text>
        ) : messages.length === 0 ? (
          <Text color="fg.muted">Brak wiadomości</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" maxHeight="60vh" overflowY="auto">
            {messages.map((message) => (
              <Box
                as="li"
                key={message.id}
                borderWidth="1px"
                borderColor="border.muted"
                borderRadius="md"
                p="3"
              >
                <Text fontWeight="semibold">{message.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  <Link href={`mailto:${message.email}`} color="brand.fg">
                    {message.email}
                  </Link>{' '}
                  · {formatDateTime(message.createdAt)}
                </Text>
                <Text mt="2" whiteSpace="pre-wrap">
                  {message.message}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Zamknij
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
