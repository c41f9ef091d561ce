import type { Subscription as SubscriptionView } from '@blog/openapi';
import type { UserSubscription } from './user-subscription.model.ts';

export const presentSubscription = (subscription: UserSubscription): SubscriptionView => ({
  id: subscription.id,
  email: subscription.email,
  categoryId: subscription.categoryId,
  category: subscription.category ? { id: subscription.category.id, name: subscription.category.name } : null,
  userId: subscription.userId ?? null,
  active: subscription.active,
  createdAt: subscription.createdAt.toISOString(),
});
