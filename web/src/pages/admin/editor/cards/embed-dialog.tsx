import { Dialog, Field, Input, Stack } from '@chakra-ui/react';
import { embedOf, embedProvider } from '@blog/shared/post-cards';
import { type FormEvent, useState } from 'react';
import { AppDialog, SubmitDialogFooter } from '../../../../components/app-dialog.tsx';
import { defaultEmbedTitle, EMBED_REFUSED, EMBED_SERVICES } from './embed-card.ts';

interface EmbedDialogProps {
  open: boolean;
  onClose: () => void;
  /** The checked address (embedOf accepted it) and the title to show. */
  onInsert: (address: string, title: string) => void;
}

/** „Osadź”: asks for the address of a player page and an optional title, refusing other addresses. */
export function EmbedDialog({ open, onClose, onInsert }: EmbedDialogProps) {
  const [address, setAddress] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const embed = embedOf(address);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog is portalled, but React events still bubble to the post form around the editor.
    event.stopPropagation();
    if (!embed) {
      setError(EMBED_REFUSED);
      return;
    }
    onInsert(embed.url, title.trim() || defaultEmbedTitle(embed.provider, embed.url));
  }

  return (
    <AppDialog open={open} onClose={onClose} title="Osadź">
      <form onSubmit={submit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <Field.Root required invalid={error !== null}>
              <Field.Label>
                Adres <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type="url"
                value={address}
                onChange={(event) => {
                  setAddress(event.target.value);
                  setError(null);
                }}
                placeholder="https://www.youtube.com/watch?v=…"
                data-autofocus
              />
              {error ? (
                <Field.ErrorText>{error}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  {embed
                    ? `${embedProvider(embed.provider).label}: odtwarzacz wczyta się dopiero, gdy czytelnik o to poprosi.`
                    : `Adres filmu, wpisu lub utworu. Obsługujemy: ${EMBED_SERVICES}.`}
                </Field.HelperText>
              )}
            </Field.Root>
            <Field.Root>
              <Field.Label>Tytuł (opcjonalnie)</Field.Label>
              <Input value={title} onChange={(event) => setTitle(event.target.value)} maxLength={300} />
            </Field.Root>
          </Stack>
        </Dialog.Body>
        <SubmitDialogFooter onCancel={onClose}>Osadź</SubmitDialogFooter>
      </form>
    </AppDialog>
  );
}
