import { NOT_FOUND_TEXTS } from '@blog/shared/messages';
import { ADMIN_PAGES } from '@blog/shared/addresses';
import { Button, Container, Grid, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { fetchAdminPost, showServerCopy, updatePost, useAdminPost } from '../../api/admin-posts.ts';
import { LoadError } from '../../components/load-error.tsx';
import { showError, showSuccess } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PostEditorForm } from './posts/post-editor-form.tsx';
import { LeftoverVersion } from './posts/leftover-version.tsx';
import { SocialImageFileContext } from './posts/post-seo-panel.tsx';
import { RevisionHistory } from './posts/revision-history.tsx';
import { buildPostInput, postValuesFrom, type PostEditorValues } from './posts/post.form.ts';

function parseId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

function EditorSkeleton() {
  return (
    <Grid
      templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 20rem' }}
      gap="6"
      aria-busy="true"
      aria-label="Ładowanie posta..."
    >
      <Stack gap="5">
        <Skeleton height="16" />
        <Skeleton height="16" />
        <Skeleton height="24" />
        <Skeleton height="20" />
        <Skeleton height="350px" />
      </Stack>
      <Stack gap="4">
        <Skeleton height="40" />
        <Skeleton height="32" />
        <Skeleton height="24" />
      </Stack>
    </Grid>
  );
}

/** „Edytuj post”: skeletons while loading, 'Post nie został znaleziony' for an unknown id. */
export function AdminPostEditPage() {
  useDocumentTitle('Edytuj post');
  const id = parseId(useParams().id);
  const { post, error, notFound, isLoading } = useAdminPost(id);
  // The person's own text after „Wczytaj nową wersję”, kept on screen until they dismiss it.
  const [leftover, setLeftover] = useState<PostEditorValues | null>(null);
  // The SEO panel's picked link-preview file, sent beside the cover.
  const [socialImage, setSocialImage] = useState<File | null>(null);
  // The version first shown. A newer one shown here (a restored revision, „Wczytaj nową wersję”)
  // replaces the shared body for everyone in the post (set during render: state following state).
  const [openedVersion, setOpenedVersion] = useState<number | null>(null);
  if (post && openedVersion === null) setOpenedVersion(post.version);

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Edytuj post
        </Heading>
        {id === null || notFound ? (
          <Stack gap="4" align="start">
            <Text fontSize="lg">{NOT_FOUND_TEXTS.post}</Text>
            <Button asChild variant="outline">
              <RouterLink to={ADMIN_PAGES.posts}>Wróć do listy postów</RouterLink>
            </Button>
          </Stack>
        ) : error ? (
          <LoadError title="Nie udało się pobrać posta" error={error} />
        ) : isLoading || !post ? (
          <EditorSkeleton />
        ) : (
          <SocialImageFileContext.Provider value={{ file: socialImage, setFile: setSocialImage }}>
            <Stack gap="6">
              {leftover && <LeftoverVersion values={leftover} onDismiss={() => setLeftover(null)} />}
              <PostEditorForm
                // Another post, or another version of it (loaded after a conflict), starts a fresh form.
                key={`${post.id}:${post.version}`}
                initialValues={postValuesFrom(post)}
                post={post}
                replaceSharedBody={openedVersion !== null && post.version !== openedVersion}
                submitLabel="Zapisz zmiany"
                onSave={async (values, image, version) => {
                  await updatePost(
                    post.id,
                    { ...buildPostInput(values), version: version ?? post.version },
                    image,
                    socialImage,
                  );
                  showSuccess('Post zaktualizowany', 'Post został pomyślnie zaktualizowany.');
                }}
                loadServerCopy={() => fetchAdminPost(post.id)}
                aside={<RevisionHistory post={post} />}
                onLoadServerCopy={(server, mine) => {
                  setLeftover(mine);
                  void showServerCopy(server);
                }}
                onSaveError={(error) =>
                  showError('Błąd', `Nie udało się zaktualizować posta: ${errorMessage(error)}`)
                }
              />
            </Stack>
          </SocialImageFileContext.Provider>
        )}
      </Stack>
    </Container>
  );
}
