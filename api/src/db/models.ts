// Every model (package export `@blog/api/models`: the worker re-reads data through them).
import { OutboxEvent } from '../events/outbox-event.model.ts';
import { Category } from '../modules/categories/category.model.ts';
import { Comment } from '../modules/comments/comment.model.ts';
import { ContactMessage } from '../modules/contact/contact-message.model.ts';
import { EmailDelivery } from '../modules/email/email-delivery.model.ts';
import { Post } from '../modules/posts/post.model.ts';
import { PostCategory } from '../modules/posts/post-category.model.ts';
import { PostTag } from '../modules/tags/post-tag.model.ts';
import { Tag } from '../modules/tags/tag.model.ts';
import { SiteSetting } from '../modules/settings/site-setting.model.ts';
import { SubscriptionLog } from '../modules/subscriptions/subscription-log.model.ts';
import { UserSubscription } from '../modules/subscriptions/user-subscription.model.ts';
import { User } from '../modules/users/user.model.ts';

export {
  Category,
  Comment,
  ContactMessage,
  EmailDelivery,
  OutboxEvent,
  Post,
  PostCategory,
  PostTag,
  SiteSetting,
  SubscriptionLog,
  Tag,
  User,
  UserSubscription,
};

/** Every model, registered by `createSequelize`. A model missing here fails at first use, so add new ones. */
export const MODELS = [
  User,
  Post,
  Category,
  PostCategory,
  Tag,
  PostTag,
  Comment,
  ContactMessage,
  UserSubscription,
  SubscriptionLog,
  SiteSetting,
  OutboxEvent,
  EmailDelivery,
] as const;
