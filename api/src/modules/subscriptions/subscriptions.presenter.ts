import type { Subscription as SubscriptionView } from '@blog/shared';
import { type AdminSubscriptionRow, subscriptionStatus } from './admin-subscriptions.list.ts';
import type { UserSubscription } from './user-subscription.model.ts';

export const presentSubscription = (subscription: UserSubscription, now = new Date()): SubscriptionView => ({
  id: subscription.id,
  email: subscription.email,
  categoryId: subscription.categoryId,
  category: subscription.category ? { id: subscription.category.id, name: subscription.category.name } : null,
  userId: subscription.userId ?? null,
  active: subscription.active,
  status: subscriptionStatus(subscription, now),
  createdAt: subscription.createdAt.toISOString(),
});

/** A row of the admin list (raw SQL, the category's name joined). */
export const presentAdminSubscriptionRow = (row: AdminSubscriptionRow, now: Date): SubscriptionView => ({
  id: row.id,
  email: row.email,
  categoryId: row.categoryId,
  category: row.categoryName === null ? null : { id: row.categoryId, name: row.categoryName },
  userId: row.userId,
  active: row.active,
  status: subscriptionStatus(row, now),
  createdAt: new Date(row.createdAt).toISOString(),
});
