import { Box, Dialog, Field, Image, Input, Stack, Text } from '@chakra-ui/react';
import { INLINE_IMAGE_SIZES } from '@blog/shared/rules';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { uploadInlineImage } from '../../../api/admin-images.ts';
import { ApiError } from '../../../api/api-error.ts';
import { AppDialog, SubmitDialogFooter } from '../../../components/app-dialog.tsx';
import type { FigureImageAttributes, ImageDescription } from './figure-image.ts';

export const ALT_REQUIRED = 'Opisz obraz: tekst alternatywny jest wymagany.';
const UPLOAD_FAILED = 'Nie udało się wysłać obrazu. Spróbuj ponownie.';

interface ImageDialogProps {
  /** The chosen, pasted or dropped file; null keeps the dialog closed. */
  file: File | null;
  onClose: () => void;
  onInsert: (attributes: FigureImageAttributes) => void;
  /** An image already in the text whose description is edited (no file, no upload); null: none. */
  image?: ImageDescription | null;
  onDescribe?: (description: ImageDescription) => void;
}

/**
 * Asks for the alternative text (required) and an optional caption of an image going into the body,
 * then uploads it (POST /admin/images) and hands the stored image to the editor. The upload waits for
 * the description, so a cancelled dialog stores nothing.
 */
export function ImageDialog({ file, onClose, onInsert, image = null, onDescribe }: ImageDialogProps) {
  const [alt, setAlt] = useState(image?.alt ?? '');
  const [caption, setCaption] = useState(image?.caption ?? '');
  const [altError, setAltError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const altHelpId = useId();
  const altInput = useRef<HTMLInputElement>(null);

  // A gallery's images go through one dialog, one file after another: each starts with empty fields.
  const [shownFile, setShownFile] = useState(file);
  if (file !== shownFile) {
    setShownFile(file);
    setAlt('');
    setCaption('');
    setAltError(null);
    setFailure(null);
    setPreview(null);
  }

  // The editor gives every single image a dialog of its own (a new key), so the fields start empty each time.
  useEffect(() => {
    if (!file) return;
    altInput.current?.focus();
    // A data: URL: the Content-Security-Policy allows data: images only (as the cover's preview).
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview(reader.result);
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog is portalled, but React events still bubble to the post form around the editor.
    event.stopPropagation();
    const text = alt.trim();
    if (!text) {
      setAltError(ALT_REQUIRED);
      return;
    }
    if (image) {
      onDescribe?.({ alt: text, caption });
      return;
    }
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const stored = await uploadInlineImage(file);
      onInsert({
        src: stored.src,
        srcset: stored.srcset,
        sizes: INLINE_IMAGE_SIZES,
        alt: text,
        width: stored.width,
        height: stored.height,
        caption: caption.trim() || null,
        figure: true,
      });
    } catch (error) {
      setFailure(error instanceof ApiError && error.status !== 0 ? error.message : UPLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog
      open={file !== null || image !== null}
      onClose={onClose}
      title={image ? 'Edytuj opis obrazu' : 'Wstaw obraz'}
      busy={busy}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            {preview && (
              <Box>
                <Image src={preview} alt="" maxHeight="48" borderRadius="md" objectFit="contain" />
                <Text fontSize="sm" color="fg.muted" mt="1">
                  {file?.name}
                </Text>
              </Box>
            )}
            <Field.Root required invalid={altError !== null}>
              <Field.Label>
                Tekst alternatywny <Field.RequiredIndicator />
              </Field.Label>
              <Input
                ref={altInput}
                value={alt}
                onChange={(event) => {
                  setAlt(event.target.value);
                  setAltError(null);
                }}
                maxLength={300}
                aria-describedby={altHelpId}
                data-autofocus
              />
              {altError ? (
                <Field.ErrorText>{altError}</Field.ErrorText>
              ) : (
                <Field.HelperText id={altHelpId}>
                  Co widać na obrazie — przeczyta to czytnik ekranu.
                </Field.HelperText>
              )}
            </Field.Root>
            <Field.Root>
              <Field.Label>Podpis (opcjonalnie)</Field.Label>
              <Input value={caption} onChange={(event) => setCaption(event.target.value)} maxLength={300} />
            </Field.Root>
            {failure && (
              <Text role="alert" color="fg.error" fontSize="sm">
                {failure}
              </Text>
            )}
          </Stack>
        </Dialog.Body>
        <SubmitDialogFooter onCancel={onClose} busy={busy} busyText="Wysyłanie...">
          {image ? 'Zapisz opis' : 'Wstaw obraz'}
        </SubmitDialogFooter>
      </form>
    </AppDialog>
  );
}
