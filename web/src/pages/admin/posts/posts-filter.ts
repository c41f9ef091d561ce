import type { AdminPostListItem, Category } from '@blog/shared';
import type { AdminPostStatus } from '@blog/shared/rules';
import { can, type Actor } from '@blog/shared/policy';

export const ADMIN_MAX_PAGE_LINKS = 5;

/** At most `max` page numbers, a window kept around the current page (at most 5 links). */
export function pageLinks(current: number, total: number, max = ADMIN_MAX_PAGE_LINKS): number[] {
  if (total <= 1) return [];
  const count = Math.min(max, total);
  const page = Math.min(Math.max(1, current), total);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), total - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}

// The status rule is shared with the API's list filter; the screen only names it.
export { postStatus } from '@blog/shared/rules';
export type PostStatus = AdminPostStatus;

export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  published: 'Opublikowany',
  draft: 'Szkic',
  scheduled: 'Zaplanowany',
  hidden: 'Ukryty',
};

/** Names of the post's categories, in the order of the category list. */
export function categoryNames(ids: readonly number[], categories: readonly Category[] | undefined): string[] {
  if (!categories) return [];
  return categories.filter((category) => ids.includes(category.id)).map((category) => category.name);
}

/** Whether `user` may edit, publish or delete the post: the policy's `changePost`. */
export function canManagePost(
  post: Pick<AdminPostListItem, 'userId'>,
  user: Actor | null | undefined,
): boolean {
  return can(user, 'changePost', { authorId: post.userId });
}
