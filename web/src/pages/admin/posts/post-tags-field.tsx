import { CloseButton, Field, HStack, Input, Tag, Wrap } from '@chakra-ui/react';
import { useField } from 'formik';
import { useState } from 'react';
import { addTag, removeTag } from './post.form.ts';

/** Tags: Enter adds a trimmed, non-empty tag, a duplicate is ignored, each can be removed. */
export function PostTagsField() {
  const [field, meta, helpers] = useField<string[]>('tags');
  const [typed, setTyped] = useState('');
  const tags = field.value;

  return (
    <Field.Root invalid={Boolean(meta.error)}>
      <Field.Label>Nowy tag</Field.Label>
      <Input
        value={typed}
        placeholder="Wpisz tag i naciśnij Enter"
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          // Enter adds the tag; it must never submit the post form.
          event.preventDefault();
          const next = addTag(tags, typed);
          if (next !== tags) void helpers.setValue(next);
          setTyped('');
        }}
      />
      <Field.HelperText>Tagi są widoczne pod treścią posta.</Field.HelperText>
      <Field.ErrorText>{typeof meta.error === 'string' ? meta.error : null}</Field.ErrorText>
      {tags.length > 0 && (
        <Wrap as="ul" aria-label="Tagi posta" gap="2" mt="2" listStyleType="none">
          {tags.map((tag) => (
            <li key={tag}>
              <Tag.Root size="lg" colorPalette="brand" variant="subtle">
                <HStack gap="1">
                  <Tag.Label>{tag}</Tag.Label>
                  <CloseButton
                    size="2xs"
                    aria-label={`Usuń tag ${tag}`}
                    onClick={() => void helpers.setValue(removeTag(tags, tag))}
                  />
                </HStack>
              </Tag.Root>
            </li>
          ))}
        </Wrap>
      )}
    </Field.Root>
  );
}
