import type { AdminPostListItem, Category } from '@blog/shared';
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

export type PostStatus = 'published' | 'draft' | 'scheduled' | 'hidden';

/**
 * What readers get: a draft is a draft; a published post shows on the blog only with at least one visible
 * category, so one without any (or with hidden ones only) is shown as hidden.
 */
export function postStatus(
  post: Pick<AdminPostListItem, 'published' | 'categories'> & { scheduledAt?: string | null },
  categories: readonly Category[] | undefined,
): PostStatus {
  if (!post.published) return post.scheduledAt ? 'scheduled' : 'draft';
  if (post.categories.length === 0) return 'hidden';
  // Until the categories are known, trust that the post's categories are visible.
  if (!categories) return 'published';
  const visible = new Set(categories.filter((category) => category.enabled).map((category) => category.id));
  return post.categories.some((id) => visible.has(id)) ? 'published' : 'hidden';
}

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
