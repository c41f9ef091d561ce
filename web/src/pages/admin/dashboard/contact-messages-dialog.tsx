import { Box, Button, Dialog, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { deleteContactMessage, useContactMessages } from '../../../api/admin-dashboard.ts';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/** Messages sent through the contact form, newest first (admins only). */
export function ContactMessagesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { messages, error, isLoading } = useContactMessages(open);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = async (id: number) => {
    setDeleting(id);
    setDeleteError(null);
    try {
      await deleteContactMessage(id);
    } catch (err) {
      setDeleteError(err instanceof Error ? err.message : 'Nie udało się usunąć wiadomości');
    } finally {
      setDeleting(null);
    }
  };
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
            {deleteError && (
              <Text as="li" color="fg.error" role="alert">
                {deleteError}
              </Text>
            )}
            {messages.map((message) => (
              <Box
                as="li"
                key={message.id}
                borderWidth="1px"
                borderColor="border.muted"
                borderRadius="md"
                p="3"
              >
                <HStack justify="space-between" align="start">
                  <Text fontWeight="semibold">{message.name}</Text>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`Usuń wiadomość od: ${message.name}`}
                    loading={deleting === message.id}
                    onClick={() => void remove(message.id)}
                  >
                    Usuń
                  </Button>
                </HStack>
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
