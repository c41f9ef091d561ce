import {
  Box,
  Button,
  Card,
  Collapsible,
  Field,
  HStack,
  Image,
  Input,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { imageSrc, META_DESCRIPTION_MAX, META_TITLE_MAX } from '@blog/shared/rules';
import { useField, useFormikContext } from 'formik';
import { ChevronDown, ImageOff } from 'lucide-react';
import { createContext, useContext, useEffect, useId, useState } from 'react';
import type { PostEditorValues } from './post.form.ts';
import { useImagePicker } from './use-image-picker.ts';
import { searchPreview } from './post-seo.ts';

/**
 * The picked link-preview file, held by the page that saves (it goes as the multipart `socialImage`
 * beside the cover). A file is not a form value: the autosaved draft is JSON.
 */
export const SocialImageFileContext = createContext<{
  file: File | null;
  setFile: (file: File | null) => void;
} | null>(null);

function CountedField({
  name,
  label,
  max,
  fallback,
  multiline,
}: {
  name: 'metaTitle' | 'metaDescription';
  label: string;
  max: number;
  fallback: string;
  multiline?: boolean;
}) {
  const [field, meta] = useField<string>(name);
  const value = field.value ?? '';
  const counterId = useId();
  const over = value.trim().length > max;
  const props = {
    ...field,
    value,
    placeholder: fallback,
    'aria-describedby': counterId,
  };
  return (
    <Field.Root invalid={Boolean((meta.touched || over) && meta.error)}>
      <Field.Label>{label}</Field.Label>
      {multiline ? <Textarea {...props} rows={3} /> : <Input {...props} />}
      <HStack justify="space-between" width="full" align="start">
        <Field.ErrorText>{meta.error}</Field.ErrorText>
        <Text
          id={counterId}
          fontSize="xs"
          color={over ? 'fg.error' : 'fg.muted'}
          ms="auto"
          aria-label={`Znaków: ${value.trim().length} z ${max}`}
        >
          {value.trim().length}/{max}
        </Text>
      </HStack>
    </Field.Root>
  );
}

/** The picked file or the stored image; the link-preview mock-up below shows it. */
function SocialImageField() {
  const picked = useContext(SocialImageFileContext);
  const [field, , helpers] = useField<string>('socialImageUrl');
  const hintId = useId();
  const picker = useImagePicker((next) => picked?.setFile(next));
  const shown = Boolean(picked?.file) || Boolean(imageSrc(field.value));
  return (
    <Field.Root invalid={picker.problem !== null}>
      <Field.Label>Obraz do udostępniania</Field.Label>
      {picked && <Input key={picker.inputKey} {...picker.inputProps} aria-describedby={hintId} />}
      <Text id={hintId} fontSize="sm" color="fg.muted">
        Bez niego link pokaże obraz posta. Najlepiej 1200x630 px, do 5 MB.
      </Text>
      <Field.ErrorText>{picker.problem}</Field.ErrorText>
      {shown && (
        <HStack mt="1">
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => {
              picker.pick(null);
              void helpers.setValue('');
              picker.reset();
            }}
          >
            <ImageOff aria-hidden="true" />
            Usuń obraz do udostępniania
          </Button>
        </HStack>
      )}
    </Field.Root>
  );
}

/** What a search engine would list: address, title and description, cut where Google cuts them. */
function SearchResultMockup({
  title,
  description,
  url,
}: {
  title: string;
  description: string;
  url: string;
}) {
  return (
    <Box as="figure" borderWidth="1px" borderRadius="md" p="3" bg="bg">
      <Text as="figcaption" fontSize="xs" fontWeight="semibold" color="fg.muted" mb="2">
        Podgląd w wyszukiwarce
      </Text>
      <Text fontSize="xs" color="fg.muted" truncate>
        {url}
      </Text>
      <Text fontSize="lg" color="blue.fg" lineClamp={1} data-testid="seo-search-title">
        {title}
      </Text>
      <Text fontSize="sm" color="fg.muted" lineClamp={2} data-testid="seo-search-description">
        {description}
      </Text>
    </Box>
  );
}

/** The card a shared link becomes (Facebook, LinkedIn, Slack, Signal): image, site, title, text. */
function LinkPreviewMockup({
  title,
  description,
  host,
  image,
}: {
  title: string;
  description: string;
  host: string;
  image: string | null;
}) {
  return (
    <Box as="figure" borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg">
      <Text as="figcaption" fontSize="xs" fontWeight="semibold" color="fg.muted" px="3" pt="3" pb="2">
        Podgląd linku
      </Text>
      {image ? (
        <Image src={image} alt="Obraz w podglądzie linku" aspectRatio={1.91} objectFit="cover" width="full" />
      ) : (
        <Box aspectRatio={1.91} bg="bg.muted" display="flex" alignItems="center" justifyContent="center">
          <Text fontSize="sm" color="fg.muted">
            Brak obrazu
          </Text>
        </Box>
      )}
      <Box px="3" py="2" bg="bg.subtle">
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase">
          {host}
        </Text>
        <Text fontWeight="semibold" lineClamp={2} data-testid="seo-link-title">
          {title}
        </Text>
        <Text fontSize="sm" color="fg.muted" lineClamp={2}>
          {description}
        </Text>
      </Box>
    </Box>
  );
}

/**
 * „SEO i udostępnianie”: the post's own title and description for search results and link
 * previews, with counters towards the lengths Google shows, its link-preview image, and mock-ups of
 * both that follow the typing. Empty fields fall back to the title, the excerpt and the post's image.
 */
export function PostSeoPanel() {
  const { values } = useFormikContext<PostEditorValues>();
  const file = useContext(SocialImageFileContext)?.file ?? null;
  const [filePreview, setFilePreview] = useState<{ file: File; url: string } | null>(null);
  const shown = searchPreview(values, typeof window === 'undefined' ? '' : window.location.origin);

  // A data: URL rather than a blob: one: the Content-Security-Policy allows data: images only.
  useEffect(() => {
    if (!file) return undefined;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setFilePreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  const image = file ? (filePreview?.file === file ? filePreview.url : null) : shown.image;

  return (
    <Card.Root size="sm">
      {/* Closed, its fields are not in the page at all (the editor's own „Tytuł” stays the one such label). */}
      <Collapsible.Root lazyMount unmountOnExit>
        <Card.Header>
          <Collapsible.Trigger asChild>
            <Button variant="ghost" justifyContent="space-between" width="full" px="2">
              <Text as="h2" fontWeight="semibold" fontSize="sm">
                SEO i udostępnianie
              </Text>
              <ChevronDown aria-hidden="true" />
            </Button>
          </Collapsible.Trigger>
        </Card.Header>
        <Collapsible.Content>
          <Card.Body>
            <Stack gap="4">
              <CountedField
                name="metaTitle"
                label="Tytuł SEO"
                max={META_TITLE_MAX}
                fallback={values.title || 'Domyślnie tytuł posta'}
              />
              <CountedField
                name="metaDescription"
                label="Opis SEO"
                max={META_DESCRIPTION_MAX}
                fallback={values.excerpt || 'Domyślnie zajawka posta'}
                multiline
              />
              <SocialImageField />
              <SearchResultMockup title={shown.title} description={shown.description} url={shown.url} />
              <LinkPreviewMockup
                title={shown.title}
                description={shown.description}
                host={shown.host}
                image={image}
              />
            </Stack>
          </Card.Body>
        </Collapsible.Content>
      </Collapsible.Root>
    </Card.Root>
  );
}
