import { Container, Heading, Stack } from '@chakra-ui/react';
import { errorMessage } from '../../api/api-error.ts';
import { createPost } from '../../api/admin-posts.ts';
import { showError, showSuccess } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PostEditorForm } from './posts/post-editor-form.tsx';
import { buildPostInput, newPostValues } from './posts/post.form.ts';

/** „Nowy post” (spec §2): an empty, published-by-default post; after saving the list opens. */
export function AdminPostNewPage() {
  useDocumentTitle('Nowy post');
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Nowy post
        </Heading>
        <PostEditorForm
          initialValues={newPostValues}
          submitLabel="Utwórz post"
          onSave={async (values, image) => {
            await createPost(buildPostInput(values), image);
            showSuccess('Post utworzony', 'Post został pomyślnie utworzony.');
          }}
          onSaveError={(error) => showError('Błąd', `Nie udało się utworzyć posta: ${errorMessage(error)}`)}
        />
      </Stack>
    </Container>
  );
}
