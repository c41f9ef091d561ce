import { Dialog, Field, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { AppDialog, SubmitDialogFooter } from '../../../../components/app-dialog.tsx';
import { checkLinkUrl } from '../editor-urls.ts';
import type { ButtonCardAttributes } from './button-card.ts';

export const BUTTON_TEXT_REQUIRED = 'Wpisz tekst przycisku.';
const BUTTON_TEXT_MAX = 80;

interface ButtonDialogProps {
  /** The button being changed, or null for a new one. */
  button: ButtonCardAttributes | null;
  onClose: () => void;
  onSave: (attributes: ButtonCardAttributes) => void;
}

/**
 * Asks for a button's text and address (checked as the link popover checks addresses: an address
 * typed without a scheme gets https://). Mounted only while open, so its fields start from `button`.
 */
export function ButtonDialog({ button, onClose, onSave }: ButtonDialogProps) {
  const [text, setText] = useState(button?.text ?? '');
  const [href, setHref] = useState(button?.href ?? '');
  const [textError, setTextError] = useState<string | null>(null);
  const [hrefError, setHrefError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog is portalled, but React events still bubble to the post form around the editor.
    event.stopPropagation();
    const label = text.replace(/\s+/g, ' ').trim();
    const address = checkLinkUrl(href);
    setTextError(label === '' ? BUTTON_TEXT_REQUIRED : null);
    setHrefError(address.ok ? null : address.message);
    if (label === '' || !address.ok) return;
    onSave({ text: label, href: address.url, target: button?.target ?? '_blank' });
  }

  return (
    <AppDialog open onClose={onClose} title={button ? 'Edytuj przycisk' : 'Wstaw przycisk'}>
      <form onSubmit={submit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <Field.Root required invalid={textError !== null}>
              <Field.Label>
                Tekst przycisku <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setTextError(null);
                }}
                maxLength={BUTTON_TEXT_MAX}
                data-autofocus
              />
              {textError && <Field.ErrorText>{textError}</Field.ErrorText>}
            </Field.Root>
            <Field.Root required invalid={hrefError !== null}>
              <Field.Label>
                Adres <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={href}
                onChange={(event) => {
                  setHref(event.target.value);
                  setHrefError(null);
                }}
                inputMode="url"
                placeholder="https://"
              />
              {hrefError && <Field.ErrorText>{hrefError}</Field.ErrorText>}
            </Field.Root>
          </Stack>
        </Dialog.Body>
        <SubmitDialogFooter onCancel={onClose}>
          {button ? 'Zapisz przycisk' : 'Wstaw przycisk'}
        </SubmitDialogFooter>
      </form>
    </AppDialog>
  );
}
