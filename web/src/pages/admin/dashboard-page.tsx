import { ADMIN_PAGES, withQuery } from '@blog/shared/addresses';
import type { AdminComment, AdminPostListItem } from '@blog/shared';
import { can } from '@blog/shared/policy';
import {
  Button,
  Card,
  Container,
  Heading,
  HStack,
  IconButton,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Mail, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAdminComments } from '../../api/admin-comments.ts';
import { useActiveSubscriptionCount, useContactMessages } from '../../api/admin-dashboard.ts';
import { useAdminPosts } from '../../api/admin-posts.ts';
import { useSession } from '../../api/session.ts';
import { commentPostTitle } from '../../lib/cut-title.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { pageTotalText } from '../../lib/list-total.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CommentDeleteDialog, type CommentDeletion } from './comments/comment-delete-dialog.tsx';
import { ContactMessagesDialog } from './dashboard/contact-messages-dialog.tsx';
import { StatCard } from './dashboard/stat-card.tsx';
import { PostDeleteDialog } from './posts/post-delete-dialog.tsx';
import { PostManageButtons } from './posts/post-manage-buttons.tsx';
import { canManagePost } from './posts/posts-filter.ts';
import { scheduledLabel } from '../../lib/warsaw-time.ts';

const LATEST = 5;

function ListSkeleton() {
  return (
    <Stack gap="2" aria-busy="true">
      {Array.from({ length: LATEST }, (_, index) => (
        <Skeleton key={index} height="8" />
      ))}
    </Stack>
  );
}

/** „Pulpit”: counts, the five latest posts and comments; admins also read contact messages. */
export function AdminDashboardPage() {
  useDocumentTitle('Pulpit');
  const { user } = useSession();
  const isAdmin = can(user, 'administerSite');
  const posts = useAdminPosts({ limit: LATEST });
  const comments = useAdminComments({ limit: LATEST });
  // Subscriptions and contact messages are admin-only calls (publishers would get 403): not asked for them.
  const subscriptions = useActiveSubscriptionCount(isAdmin);
  const messages = useContactMessages(isAdmin);
  const [postToDelete, setPostToDelete] = useState<AdminPostListItem | null>(null);
  const [commentToDelete, setCommentToDelete] = useState<CommentDeletion | null>(null);
  const [messagesOpen, setMessagesOpen] = useState(false);

  const latestPosts = posts.page?.items ?? [];
  const latestComments: AdminComment[] = comments.page?.items ?? [];
  const pendingComments = comments.page?.pending ?? 0;

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="8">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Pulpit
        </Heading>

        <SimpleGrid columns={{ base: 1, sm: 2, lg: isAdmin ? 4 : 2 }} gap="4">
          <StatCard label="Posty" value={pageTotalText(posts.page)} loading={posts.isLoading} />
          {isAdmin && (
            <StatCard label="Subskrybenci" value={subscriptions.count} loading={subscriptions.isLoading} />
          )}
          {/* Every comment, as the moderation list counts them; those waiting for approval are named apart. */}
          <StatCard label="Komentarze" value={pageTotalText(comments.page)} loading={comments.isLoading}>
            {pendingComments > 0 && (
              <Button asChild size="xs" variant="outline" mt="2" width="fit-content" colorPalette="orange">
                <RouterLink to={withQuery(ADMIN_PAGES.comments, { status: 'pending' })}>
                  Oczekujące: {pendingComments}
                </RouterLink>
              </Button>
            )}
          </StatCard>
          {isAdmin && (
            <StatCard label="Wiadomości" value={messages.messages?.length} loading={messages.isLoading}>
              <Button
                size="xs"
                variant="outline"
                mt="2"
                width="fit-content"
                onClick={() => setMessagesOpen(true)}
              >
                <Mail aria-hidden="true" />
                Pokaż wiadomości
              </Button>
            </StatCard>
          )}
        </SimpleGrid>
        {!isAdmin && (
          <Text fontSize="sm" color="fg.muted">
            Liczby subskrybentów i wiadomości widzą tylko administratorzy.
          </Text>
        )}

        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          <Card.Root>
            <Card.Header>
              <HStack justify="space-between">
                <Heading as="h2" size="md">
                  Najnowsze posty
                </Heading>
                <Button asChild size="xs" variant="ghost">
                  <RouterLink to={ADMIN_PAGES.posts}>Wszystkie posty</RouterLink>
                </Button>
              </HStack>
            </Card.Header>
            <Card.Body>
              {posts.isLoading ? (
                <ListSkeleton />
              ) : latestPosts.length === 0 ? (
                <Text color="fg.muted">Brak postów</Text>
              ) : (
                <Stack as="ul" gap="2" listStyleType="none">
                  {latestPosts.map((post) => (
                    <HStack as="li" key={post.id} justify="space-between" gap="3">
                      <Stack gap="0" minWidth="0">
                        <Text fontWeight="medium" truncate>
                          {post.title}
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {formatDate(post.createdAt)} ·{' '}
                          {post.published
                            ? 'Opublikowany'
                            : post.scheduledAt
                              ? scheduledLabel(post.scheduledAt)
                              : 'Szkic'}
                        </Text>
                      </Stack>
                      {canManagePost(post, user) && (
                        <HStack gap="1" flexShrink={0}>
                          <PostManageButtons post={post} onDelete={setPostToDelete} />
                        </HStack>
                      )}
                    </HStack>
                  ))}
                </Stack>
              )}
            </Card.Body>
          </Card.Root>

          <Card.Root>
            <Card.Header>
              <HStack justify="space-between">
                <Heading as="h2" size="md">
                  Najnowsze komentarze
                </Heading>
                <Button asChild size="xs" variant="ghost">
                  <RouterLink to={ADMIN_PAGES.comments}>Wszystkie komentarze</RouterLink>
                </Button>
              </HStack>
            </Card.Header>
            <Card.Body>
              {comments.isLoading ? (
                <ListSkeleton />
              ) : latestComments.length === 0 ? (
                <Text color="fg.muted">Brak komentarzy</Text>
              ) : (
                <Stack as="ul" gap="2" listStyleType="none">
                  {latestComments.map((comment) => (
                    <HStack as="li" key={comment.id} justify="space-between" gap="3">
                      <Stack gap="0" minWidth="0">
                        <Text fontWeight="medium" truncate>
                          {comment.author}: {comment.content}
                        </Text>
                        {comment.status === 'pending' && (
                          <Text fontSize="xs" color="orange.fg">
                            Oczekuje na zatwierdzenie
                          </Text>
                        )}
                        <Text fontSize="xs" color="fg.muted" title={comment.post?.title}>
                          {commentPostTitle(comment.post, 20)} ·{' '}
                          {formatDateTime(comment.createdAt, 'niedawno')}
                        </Text>
                      </Stack>
                      <IconButton
                        size="sm"
                        variant="ghost"
                        colorPalette="red"
                        flexShrink={0}
                        aria-label={`Usuń komentarz autora ${comment.author}`}
                        onClick={() =>
                          setCommentToDelete({ kind: 'one', id: comment.id, author: comment.author })
                        }
                      >
                        <Trash2 />
                      </IconButton>
                    </HStack>
                  ))}
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      </Stack>

      <PostDeleteDialog post={postToDelete} onClose={() => setPostToDelete(null)} />
      <CommentDeleteDialog
        deletion={commentToDelete}
        onClose={() => setCommentToDelete(null)}
        failureText="Nie udało się usunąć komentarza. Spróbuj ponownie."
      />
      {isAdmin && <ContactMessagesDialog open={messagesOpen} onClose={() => setMessagesOpen(false)} />}
    </Container>
  );
}
