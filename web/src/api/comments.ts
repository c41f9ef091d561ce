import type { CreatedComment, PostDetail } from '@blog/shared';
import { mutate } from 'swr';
import { api, unwrap } from './client.ts';
import { postKey } from './posts.ts';

export interface NewComment {
  author: string;
  email: string;
  content: string;
  postId: number;
}

/**
 * Adds a comment and refreshes the article it belongs to (cached under its slug). `status` pending: it
 * waits for a moderator's approval and is not shown yet.
 */
export async function addComment(slug: string, comment: NewComment): Promise<CreatedComment> {
  const created = await unwrap(
    api.POST('/posts/{postId}/comments', { params: { path: { postId: comment.postId } }, body: comment }),
  );
  await mutate<PostDetail>(postKey(slug));
  return created;
}
