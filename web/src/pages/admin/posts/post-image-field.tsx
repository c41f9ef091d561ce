import { Box, Button, Field, HStack, Image, Input, Text } from '@chakra-ui/react';
import { imageSrc } from '@blog/openapi/rules';
import { useField } from 'formik';
import { ImageOff } from 'lucide-react';
import { useId, useState } from 'react';
import { IMAGE_HINT } from './post.form.ts';

interface PostImageFieldProps {
  file: File | null;
  onFileChange: (file: File | null) => void;
}

/**
 * The post image: a picked file (sent as the multipart `image`) or the stored one (`imageUrl`), with a
 * preview. Stored /uploads/ paths are displayed from /api/images/ (spec §2).
 */
export function PostImageField({ file, onFileChange }: PostImageFieldProps) {
  const [field, , helpers] = useField<string>('imageUrl');
  const [preview, setPreview] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const hintId = useId();

  // A data: URL rather than a blob: one: the Content-Security-Policy allows data: images only.
  function pick(next: File | null) {
    setPreview(null);
    onFileChange(next);
    if (!next) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview(reader.result);
    };
    reader.readAsDataURL(next);
  }

  const shown = (file && preview) || imageSrc(field.value);

  function remove() {
    pick(null);
    void helpers.setValue('');
    // A new input element forgets the picked file name.
    setInputKey((key) => key + 1);
  }

  return (
    <Field.Root>
      <Field.Label>Obraz posta</Field.Label>
      <Input
        key={inputKey}
        type="file"
        accept="image/*"
        p="1.5"
        aria-describedby={hintId}
        onChange={(event) => pick(event.target.files?.[0] ?? null)}
      />
      <Text id={hintId} fontSize="sm" color="fg.muted">
        {IMAGE_HINT}
      </Text>
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
  );
}
