import { Container, Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { createPost } from '../../api/admin-posts.ts';
import { showError, showSuccess } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PostEditorForm } from './posts/post-editor-form.tsx';
import { SocialImageFileContext } from './posts/post-seo-panel.tsx';
import { buildPostInput, newPostValues } from './posts/post.form.ts';

/** „Nowy post”: an empty, published-by-default post; after saving the list opens. */
export function AdminPostNewPage() {
  useDocumentTitle('Nowy post');
  // The SEO panel's picked link-preview file, sent beside the cover.
  const [socialImage, setSocialImage] = useState<File | null>(null);
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Nowy post
        </Heading>
        <SocialImageFileContext.Provider value={{ file: socialImage, setFile: setSocialImage }}>
          <PostEditorForm
            initialValues={newPostValues}
            submitLabel="Utwórz post"
            onSave={async (values, image) => {
              await createPost(buildPostInput(values), image, socialImage);
              showSuccess('Post utworzony', 'Post został pomyślnie utworzony.');
            }}
            onSaveError={(error) => showError('Błąd', `Nie udało się utworzyć posta: ${errorMessage(error)}`)}
          />
        </SocialImageFileContext.Provider>
      </Stack>
    </Container>
  );
}
