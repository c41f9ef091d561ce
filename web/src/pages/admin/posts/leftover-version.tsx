import { Button, Card, Heading, HStack, Text, Textarea } from '@chakra-ui/react';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { copyMyText, myTextOf } from './post-conflict.ts';
import type { PostEditorValues } from './post.form.ts';

/** The person's unsaved version after they loaded the server's copy: shown and copyable, until dismissed. */
export function LeftoverVersion({ values, onDismiss }: { values: PostEditorValues; onDismiss: () => void }) {
  return (
    <Card.Root size="sm" borderColor="orange.muted" role="region" aria-label="Twoja niezapisana wersja">
      <Card.Header>
        <Heading as="h2" size="sm">
          Twoja niezapisana wersja
        </Heading>
      </Card.Header>
      <Card.Body>
        <Text fontSize="sm" color="fg.muted" mb="2">
          Poniżej wczytano wersję z serwera. Twój tekst jest tutaj: skopiuj z niego, co chcesz zachować.
        </Text>
        <Textarea aria-label="Twój tekst" readOnly rows={6} value={myTextOf(values)} fontSize="sm" />
      </Card.Body>
      <Card.Footer>
        <HStack gap="2">
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              copyMyText(values).then(
                () => showSuccess('Skopiowano', 'Twoja wersja jest w schowku.'),
                () =>
                  showError(
                    'Błąd',
                    'Nie udało się skopiować tekstu. Zaznacz go w polu powyżej i skopiuj ręcznie.',
                  ),
              )
            }
          >
            Skopiuj mój tekst
          </Button>
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Ukryj
          </Button>
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}
