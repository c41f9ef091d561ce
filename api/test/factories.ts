/**
 * Test data builders: each call inserts fresh rows with values no other call (in this or any
 * parallel test file) produces. They use the models as registered by the test's
 * `createSequelize(testDatabaseUrl())`; nothing here opens a connection of its own.
 */
import { randomBytes } from 'node:crypto';
import type { CreationAttributes } from 'sequelize';
import { hashPassword } from '../src/modules/auth/password.ts';
import { Category } from '../src/modules/categories/category.model.ts';
import { Comment } from '../src/modules/comments/comment.model.ts';
import { ContactMessage } from '../src/modules/contact/contact-message.model.ts';
import { Post } from '../src/modules/posts/post.model.ts';
import { PostCategory } from '../src/modules/posts/post-category.model.ts';
import { PostTag } from '../src/modules/tags/post-tag.model.ts';
import { Tag } from '../src/modules/tags/tag.model.ts';
import { EmailDelivery } from '../src/modules/email/email-delivery.model.ts';
import { OutboxEvent } from '../src/events/outbox-event.model.ts';
import { SiteSetting } from '../src/modules/settings/site-setting.model.ts';
import { SubscriptionLog } from '../src/modules/subscriptions/subscription-log.model.ts';
import { UserSubscription } from '../src/modules/subscriptions/user-subscription.model.ts';
import { User } from '../src/modules/users/user.model.ts';

let counter = 0;

/** `<prefix>-<n>-<random>`: the counter keeps one file's values apart, the random part other files'. */
export function uniqueSuffix(): string {
  counter += 1;
  return `${counter}-${randomBytes(4).toString('hex')}`;
}

/** Not an argon2 hash, so verifyPassword always refuses it: factory users cannot sign in unless given a password. */
const UNUSABLE_PASSWORD_HASH = 'factory:no-password';

type UserOverrides = Partial<CreationAttributes<User>> & {
  /** Hashed with argon2 (slow, ~50 ms): only for tests that sign in. */
  password?: string;
};

export async function buildUser(overrides: UserOverrides = {}): Promise<User> {
  const { password, ...attributes } = overrides;
  const suffix = uniqueSuffix();
  return User.create({
    username: `user-${suffix}`,
    email: `user-${suffix}@example.com`,
    displayName: `Użytkownik ${suffix}`,
    passwordHash: password === undefined ? UNUSABLE_PASSWORD_HASH : await hashPassword(password),
    ...attributes,
  });
}

export async function buildCategory(
  overrides: Partial<CreationAttributes<Category>> = {},
): Promise<Category> {
  return Category.create({ name: `Kategoria ${uniqueSuffix()}`, ...overrides });
}

export async function buildTag(overrides: Partial<CreationAttributes<Tag>> = {}): Promise<Tag> {
  return Tag.create({ name: `tag-${uniqueSuffix()}`, ...overrides });
}

type PostOverrides = Partial<CreationAttributes<Post>> & {
  /** The author; a new publisher when omitted, none when null. Ignored when `userId` is given. */
  author?: User | null;
  categories?: Category[];
  tags?: Tag[];
};

export async function buildPost(overrides: PostOverrides = {}): Promise<Post> {
  const { author, categories = [], tags = [], ...attributes } = overrides;
  const suffix = uniqueSuffix();
  let userId: number | null;
  if (attributes.userId !== undefined) userId = attributes.userId;
  else if (author === undefined) userId = (await buildUser({ role: 'publisher' })).id;
  else userId = author?.id ?? null;
  const contentText = `Treść testowego wpisu ${suffix}.`;
  const post = await Post.create({
    title: `Wpis testowy ${suffix}`,
    slug: `wpis-testowy-${suffix}`,
    content: `<p>${contentText}</p>`,
    contentText,
    excerpt: `Zajawka ${suffix}`,
    ...attributes,
    userId,
  });
  if (categories.length > 0) {
    await PostCategory.bulkCreate(
      categories.map((category) => ({ postId: post.id, categoryId: category.id })),
    );
  }
  if (tags.length > 0) {
    await PostTag.bulkCreate(tags.map((tag) => ({ postId: post.id, tagId: tag.id })));
  }
  return post;
}

type CommentOverrides = Partial<CreationAttributes<Comment>> & { post?: Post };

export async function buildComment(overrides: CommentOverrides = {}): Promise<Comment> {
  const { post, ...attributes } = overrides;
  const suffix = uniqueSuffix();
  const postId = attributes.postId ?? (post ?? (await buildPost())).id;
  return Comment.create({
    author: `Czytelnik ${suffix}`,
    email: `reader-${suffix}@example.com`,
    content: `Komentarz testowy ${suffix}`,
    ...attributes,
    postId,
  });
}

export async function buildContactMessage(
  overrides: Partial<CreationAttributes<ContactMessage>> = {},
): Promise<ContactMessage> {
  const suffix = uniqueSuffix();
  return ContactMessage.create({
    name: `Nadawca ${suffix}`,
    email: `contact-${suffix}@example.com`,
    message: `Wiadomość testowa ${suffix} z formularza kontaktowego.`,
    ...overrides,
  });
}

type SubscriptionOverrides = Partial<CreationAttributes<UserSubscription>> & { category?: Category };

export async function buildSubscription(overrides: SubscriptionOverrides = {}): Promise<UserSubscription> {
  const { category, ...attributes } = overrides;
  const categoryId = attributes.categoryId ?? (category ?? (await buildCategory())).id;
  return UserSubscription.create({
    email: `subscriber-${uniqueSuffix()}@example.com`,
    ...attributes,
    categoryId,
  });
}

export async function buildSetting(
  overrides: Partial<CreationAttributes<SiteSetting>> = {},
): Promise<SiteSetting> {
  const suffix = uniqueSuffix();
  return SiteSetting.create({ key: `test-setting-${suffix}`, value: `wartość ${suffix}`, ...overrides });
}

/** A day no other call picks: `date` is unique, and parallel files share the table. */
export async function buildSubscriptionLog(
  overrides: Partial<CreationAttributes<SubscriptionLog>> = {},
): Promise<SubscriptionLog> {
  const day = new Date(Date.UTC(1900, 0, 1) + (randomBytes(4).readUInt32BE() % 200_000) * 86_400_000);
  return SubscriptionLog.create({ date: day.toISOString().slice(0, 10), count: 0, ...overrides });
}

export async function buildOutboxEvent(
  overrides: Partial<CreationAttributes<OutboxEvent>> = {},
): Promise<OutboxEvent> {
  return OutboxEvent.create({
    type: 'system.ping',
    payload: { requestedBy: `factory ${uniqueSuffix()}` },
    ...overrides,
  });
}

export async function buildEmailDelivery(
  overrides: Partial<CreationAttributes<EmailDelivery>> = {},
): Promise<EmailDelivery> {
  const eventId = overrides.eventId ?? (await buildOutboxEvent()).id;
  return EmailDelivery.create({
    recipient: `reader-${uniqueSuffix()}@example.com`,
    kind: 'test',
    ...overrides,
    eventId,
  });
}
