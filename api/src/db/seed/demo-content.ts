import type { Transaction } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import type { Logger } from '../../logger.ts';
import { Category } from '../../modules/categories/category.model.ts';
import { Comment } from '../../modules/comments/comment.model.ts';
import { htmlToText } from '../../html/html-text.ts';
import { Post } from '../../modules/posts/post.model.ts';
import { PostCategory } from '../../modules/posts/post-category.model.ts';
import { PostTag } from '../../modules/tags/post-tag.model.ts';
import { Tag } from '../../modules/tags/tag.model.ts';
import { SETTING_KEYS } from '../../modules/settings/setting-keys.ts';
import { SiteSetting } from '../../modules/settings/site-setting.model.ts';
import { User } from '../../modules/users/user.model.ts';
import { renderDemoImage } from './demo-images.ts';
import { DEMO_CATEGORIES, DEMO_POSTS, type DemoPost } from './demo-posts.ts';
import { takeSeedLock } from './seed-lock.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type DemoSeedOutcome = 'seeded' | 'already-decided' | 'database-not-empty';

async function createPost(
  demo: DemoPost,
  ids: { authorId: number | null; categoryIds: Map<string, number>; tagIds: Map<string, number> },
  uploadsDir: string,
  now: number,
  transaction: Transaction,
): Promise<void> {
  let imageUrl: string | null = null;
  if (demo.image) {
    const file = `demo-${demo.slug}.webp`;
    await renderDemoImage({ file, ...demo.image }, uploadsDir);
    imageUrl = `/uploads/${file}`;
  }
  const createdAt = new Date(now - demo.daysAgo * DAY_MS);
  const post = await Post.create(
    {
      title: demo.title,
      slug: demo.slug,
      excerpt: demo.excerpt,
      content: demo.content,
      contentText: htmlToText(demo.content),
      imageUrl,
      published: true,
      // Demo posts are visible from the start: no post.published event for them.
      firstPublishedAt: createdAt,
      userId: ids.authorId,
      createdAt,
      updatedAt: createdAt,
    },
    // silent: keep the given updatedAt instead of stamping "now".
    { transaction, silent: true },
  );
  await PostCategory.bulkCreate(
    demo.categories.map((name) => ({ postId: post.id, categoryId: ids.categoryIds.get(name)! })),
    { transaction },
  );
  await PostTag.bulkCreate(
    demo.tags.map((name) => ({ postId: post.id, tagId: ids.tagIds.get(name)! })),
    { transaction },
  );
  for (const comment of demo.comments) {
    await Comment.create(
      {
        postId: post.id,
        author: comment.author,
        email: comment.email,
        content: comment.content,
        createdAt: new Date(createdAt.getTime() + comment.hoursAfter * HOUR_MS),
      },
      { transaction },
    );
  }
}

/**
 * Fills an empty database with sample categories, posts (with generated images), tags and
 * comments, once ever: the decision is recorded in the `demo_content_seeded` setting ('true'
 * when seeded, 'false' when the database already had content), so content an editor deleted
 * never comes back on the next start.
 */
export async function seedDemoContent(
  sequelize: Sequelize,
  uploadsDir: string,
  logger: Logger,
  now: number = Date.now(),
): Promise<DemoSeedOutcome> {
  return sequelize.transaction(async (transaction) => {
    await takeSeedLock(sequelize, transaction);
    const decided = await SiteSetting.findOne({
      where: { key: SETTING_KEYS.demoContentSeeded },
      transaction,
    });
    if (decided) return 'already-decided';

    const isEmpty =
      (await Post.count({ transaction })) === 0 && (await Category.count({ transaction })) === 0;
    await SiteSetting.create(
      { key: SETTING_KEYS.demoContentSeeded, value: String(isEmpty) },
      { transaction },
    );
    if (!isEmpty) return 'database-not-empty';

    const author = await User.findOne({ where: { role: 'admin' }, order: [['id', 'ASC']], transaction });
    const categories = await Category.bulkCreate(
      DEMO_CATEGORIES.map((name) => ({ name })),
      { transaction, returning: true },
    );
    const tagNames = [...new Set(DEMO_POSTS.flatMap((post) => post.tags))];
    // Tags are shared with whatever editors typed before; reuse a tag of the same name.
    const tagIds = new Map<string, number>();
    for (const name of tagNames) {
      const [tag] = await Tag.findOrCreate({
        where: sequelize.where(sequelize.fn('lower', sequelize.col('name')), name.toLowerCase()),
        defaults: { name },
        transaction,
      });
      tagIds.set(name, tag.id);
    }
    const ids = {
      authorId: author?.id ?? null,
      categoryIds: new Map(categories.map((category) => [category.name, category.id])),
      tagIds,
    };
    for (const demo of DEMO_POSTS) await createPost(demo, ids, uploadsDir, now, transaction);
    logger.info({ posts: DEMO_POSTS.length, categories: categories.length }, 'demo content seeded');
    return 'seeded';
  });
}
