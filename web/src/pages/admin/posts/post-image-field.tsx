import { Box, Button, Field, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { imageSrc } from '@blog/shared/rules';
import { useField } from 'formik';
import { ImageOff } from 'lucide-react';
import { useId, useState } from 'react';
import { IMAGE_HINT } from './post.form.ts';
import { useImagePicker } from './use-image-picker.ts';

interface PostImageFieldProps {
  file: File | null;
  onFileChange: (file: File | null) => void;
}

/**
 * The post image: a picked file (sent as the multipart `image`) or the stored one (`imageUrl`), with a
 * preview and its alternative text. Stored /uploads/ paths are displayed from /api/images/.
 * A file of the wrong kind or over 5 MB is refused when chosen, with the server's own words.
 */
export function PostImageField({ file, onFileChange }: PostImageFieldProps) {
  const [field, , helpers] = useField<string>('imageUrl');
  const [altField, altMeta] = useField<string>('imageAlt');
  const [preview, setPreview] = useState<string | null>(null);
  const hintId = useId();
  const altHelpId = useId();
  // A data: URL rather than a blob: one: the Content-Security-Policy allows data: images only.
  const picker = useImagePicker((next) => {
    setPreview(null);
    onFileChange(next);
    if (!next) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview(reader.result);
    };
    reader.readAsDataURL(next);
  });

  const shown = (file && preview) || imageSrc(field.value);

  function remove() {
    picker.pick(null);
    void helpers.setValue('');
    // A new input element forgets the picked file name.
    picker.reset();
  }

  return (
    <Stack gap="3">
      <Field.Root invalid={picker.problem !== null}>
        <Field.Label>Obraz posta</Field.Label>
        <Input key={picker.inputKey} {...picker.inputProps} aria-describedby={hintId} />
        <Text id={hintId} fontSize="sm" color="fg.muted">
          {IMAGE_HINT}
        </Text>
        <Field.ErrorText>{picker.problem}</Field.ErrorText>
        {shown ? (
          <Box mt="2" width="full">
            <Image
              src={shown}
              alt="Podgląd obrazu posta"
              borderRadius="md"
              maxHeight="64"
              objectFit="cover"
              width="full"
            />
            <HStack mt="2">
              <Button size="sm" variant="outline" colorPalette="red" onClick={remove}>
                <ImageOff aria-hidden="true" />
                Usuń obraz
              </Button>
            </HStack>
          </Box>
        ) : null}
      </Field.Root>
      {shown ? (
        <Field.Root invalid={Boolean(altMeta.touched && altMeta.error)}>
          <Field.Label>Tekst alternatywny obrazu</Field.Label>
          <Input {...altField} aria-describedby={altHelpId} placeholder="Co widać na obrazie?" />
          <Field.HelperText id={altHelpId}>
            Opis obrazu dla osób, które go nie widzą. Gdy zostanie pusty, użyjemy tytułu posta.
          </Field.HelperText>
          <Field.ErrorText>{altMeta.error}</Field.ErrorText>
        </Field.Root>
      ) : null}
    </Stack>
  );
}
