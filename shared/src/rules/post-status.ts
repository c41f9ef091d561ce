import type { AdminPostStatus } from './lists.ts';

/** A category as far as the visible-post rule asks. */
export interface CategoryVisibility {
  id: number;
  enabled: boolean;
}

/**
 * Whether readers see the post: it is published and at least one of its categories is visible. The
 * API's VISIBLE_POST_SQL states the same rule in SQL (api/src/modules/posts/posts.queries.ts).
 */
export function isVisiblePost(
  post: { published: boolean; categories: readonly number[] },
  categories: readonly CategoryVisibility[],
): boolean {
  if (!post.published) return false;
  const visible = new Set(categories.filter((category) => category.enabled).map((category) => category.id));
  return post.categories.some((id) => visible.has(id));
}

/**
 * The admin list's four statuses (ADMIN_POSTS_LIST): a draft is a draft (scheduled when it has a
 * planned publication); a published post readers cannot see is hidden. Until the categories are
 * known (`undefined`), a published post with categories is trusted to be visible.
 */
export function postStatus(
  post: { published: boolean; categories: readonly number[]; scheduledAt?: string | null },
  categories: readonly CategoryVisibility[] | undefined,
): AdminPostStatus {
  if (!post.published) return post.scheduledAt ? 'scheduled' : 'draft';
  if (post.categories.length === 0) return 'hidden';
  if (!categories) return 'published';
  return isVisiblePost(post, categories) ? 'published' : 'hidden';
}
