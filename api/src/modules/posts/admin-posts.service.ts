import { NOT_FOUND_TEXTS } from '@blog/shared/messages';
import { POST_MESSAGES } from '@blog/shared/rules';
import { literal, QueryTypes, type Transaction } from 'sequelize';
import { type Db, type Deps } from '../../deps.ts';
import { AppError, conflict, notFound, validationFailed } from '../../errors.ts';
import { htmlToText } from '../../html/html-text.ts';
import { sanitizePostHtml } from '../../html/sanitize-html.ts';
import type { ImageStorage } from '../images/image-storage.ts';
import { processUploadedImage, type ProcessedImage } from '../images/image-upload.ts';
import { recordImageStored } from '../images/images-log.ts';
import { removeImageFiles, removeImagesIfUnused, saveImageFiles } from '../images/images.service.ts';
import { setPostTags } from '../tags/tags.service.ts';
import {
  ADMIN_POST_COLUMNS,
  type AdminPostFullRow,
  type AdminPostRelations,
  adminRowRelations,
  POST_SEO_COLUMNS,
} from './admin-posts.queries.ts';
import { ADMIN_ROW_RELATIONS_SQL, type WithRowRelations } from './posts.queries.ts';
import type { PostInput } from './admin-posts.schemas.ts';
import { lockPublicationDecisions, recordFirstPublications } from './post-publication.ts';
import { recordRevision } from './post-revisions.service.ts';
import { recordSlugChange, releaseSlug } from './slug-redirects.ts';
import { parseSchedule, type ScheduleChange } from './scheduled-publishing.ts';
import { Post } from './post.model.ts';
import { PostCategory } from './post-category.model.ts';
import { assertUploadExists, imagesOfPosts, lockReferencedUploads } from './post-images.ts';

export const POST_NOT_FOUND = NOT_FOUND_TEXTS.post;
export const SLUG_TAKEN = 'Ten slug jest już zajęty.';
export const NO_CATEGORY_TO_PUBLISH = 'Post bez kategorii nie może zostać opublikowany.';
export const NO_CATEGORY_TO_HIDE = 'Post bez kategorii nie może zmienić statusu publikacji.';
export const UNKNOWN_CATEGORY = 'Wybrana kategoria nie istnieje.';
export { UNKNOWN_SOCIAL_UPLOAD, UNKNOWN_UPLOAD } from './post-images.ts';
export const POST_EDIT_CONFLICT =
  'Ktoś inny zapisał ten post, gdy go edytowałeś. Twoje zmiany nie zostały zapisane: porównaj je z wersją z serwera.';

export type WriteDeps = Pick<Deps, 'sequelize' | 'events' | 'clock' | 'redis' | 'config' | 'logger'>;

/** A file sent in the multipart field `image` or `socialImage`, as received. */
export interface UploadedFile {
  bytes: Buffer;
  originalFilename: string;
}

/** The files of a post save: the cover and the link-preview image (SEO and sharing panel). */
export interface PostUploads {
  image?: UploadedFile;
  socialImage?: UploadedFile;
}

type ProcessedUploads = { image?: ProcessedImage; socialImage?: ProcessedImage };

export interface AdminPostView {
  row: AdminPostFullRow;
  relations: AdminPostRelations;
}

export async function getAdminPost(db: Db, id: number): Promise<AdminPostView> {
  const read = await db.sequelize.query<WithRowRelations<AdminPostFullRow, number>>(
    `SELECT ${ADMIN_POST_COLUMNS}, ${POST_SEO_COLUMNS}, p.content, ${ADMIN_ROW_RELATIONS_SQL}
       FROM posts p WHERE p.id = :id`,
    { type: QueryTypes.SELECT, replacements: { id }, transaction: db.transaction },
  );
  if (read.length === 0) throw notFound(POST_NOT_FOUND);
  const {
    rows: [row],
    relations,
  } = adminRowRelations(read);
  return { row: row!, relations };
}

/** The editor's HTML through the one allow-list; refused when nothing of it is left. */
function cleanContent(html: string): { content: string; contentText: string } {
  const content = sanitizePostHtml(html);
  if (content.trim() === '') throw validationFailed(POST_MESSAGES.content, 'content');
  return { content, contentText: htmlToText(content) };
}

const cleanExcerpt = (excerpt: string | null | undefined) => excerpt?.trim() || null;

/** The SEO fields as stored: trimmed, empty means none (the title, excerpt and cover stand in). */
const cleanMeta = (value: string | null | undefined) => value?.trim() || null;

async function assertSlugFree(db: Db, slug: string, exceptId: number | null): Promise<void> {
  const [taken] = await db.sequelize.query<{ id: number }>(
    'SELECT id FROM posts WHERE slug = :slug AND id <> :exceptId',
    { type: QueryTypes.SELECT, replacements: { slug, exceptId: exceptId ?? 0 }, transaction: db.transaction },
  );
  if (taken) throw conflict(SLUG_TAKEN, 'slug');
}

/** Any existing category may be linked (hidden ones too: editing a post must not lose them). */
async function assertCategoriesExist(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const [{ count }] = (await db.sequelize.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM categories WHERE id IN (:ids)',
    { type: QueryTypes.SELECT, replacements: { ids }, transaction: db.transaction },
  )) as [{ count: number }];
  if (count !== ids.length) throw validationFailed(UNKNOWN_CATEGORY, 'categories');
}

async function setPostCategories(db: Db & { transaction: Transaction }, postId: number, ids: number[]) {
  await PostCategory.destroy({ where: { postId }, transaction: db.transaction });
  if (ids.length > 0)
    await PostCategory.bulkCreate(
      ids.map((categoryId) => ({ postId, categoryId })),
      { transaction: db.transaction },
    );
}

/**
 * Published and planned moment after a save: a plan makes it a draft until then; removing the plan or
 * leaving it keeps the status asked for; publishing now drops a plan that was kept.
 */
function publicationAfterSave(
  existing: Post,
  published: boolean | undefined,
  schedule: ScheduleChange,
): { published: boolean; scheduledAt: Date | null } {
  if (schedule) return { published: false, scheduledAt: schedule };
  const next = published ?? existing.published;
  const kept = schedule === null ? null : existing.scheduledAt;
  return { published: next, scheduledAt: next ? null : kept };
}

/** The worker sets a delayed job for the planned moment (its sweeps catch the post as well). */
async function recordScheduled(deps: WriteDeps, transaction: Transaction, postId: number, at: Date) {
  await deps.events.record(
    { type: 'post.scheduled', payload: { postId, at: at.toISOString() } },
    transaction,
  );
}

/** The slug's unique constraint still answers a race that slipped past assertSlugFree. */
function slugConflict(err: unknown): unknown {
  const parent = (err as { parent?: { code?: string; constraint?: string } }).parent;
  return parent?.code === '23505' && parent.constraint === 'posts_slug_key'
    ? conflict(SLUG_TAKEN, 'slug')
    : err;
}

/**
 * Runs a post write with its uploaded images (cover, link preview): each is checked and its files
 * written first, the database change commits (or the files go again), then readers' caches are told
 * and the images log gets its entries.
 */
async function withUpload<T extends { id: number; title: string }>(
  deps: WriteDeps,
  storage: ImageStorage,
  uploads: PostUploads,
  write: (images: ProcessedUploads) => Promise<T>,
): Promise<T> {
  const fields = (['image', 'socialImage'] as const).filter((field) => uploads[field]);
  const images: ProcessedUploads = {};
  try {
    for (const field of fields) {
      const image = await processUploadedImage(uploads[field]!.bytes);
      await saveImageFiles(storage, image);
      images[field] = image;
    }
  } catch (err) {
    for (const field of fields) if (images[field]) await removeImageFiles(storage, images[field].imageUrl);
    throw err;
  }
  let result: T;
  try {
    result = await write(images);
  } catch (err) {
    for (const field of fields) if (images[field]) await removeImageFiles(storage, images[field].imageUrl);
    throw slugConflict(err);
  }
  for (const field of fields)
    await recordImageStored(deps, {
      originalFilename: uploads[field]!.originalFilename,
      databasePath: images[field]!.imageUrl,
      postTitle: result.title,
    });
  return result;
}

/** The cover's alt text as stored: trimmed; empty means none (the title stands for it). */
const cleanImageAlt = (alt: string | null | undefined): string | null => alt?.trim() || null;

/** A new post by `authorId` (published unless it says otherwise: the default). */
export async function createPost(
  deps: WriteDeps,
  storage: ImageStorage,
  authorId: number,
  input: PostInput,
  uploads: PostUploads = {},
): Promise<AdminPostView> {
  const { content, contentText } = cleanContent(input.content);
  const categoryIds = [...new Set(input.categories ?? [])];
  const schedule = parseSchedule(input.scheduledAt, deps.clock.now());
  const post = await withUpload(deps, storage, uploads, ({ image, socialImage }) =>
    deps.sequelize.transaction(async (transaction) => {
      const db = { sequelize: deps.sequelize, transaction };
      const keptImage = image ? null : input.imageUrl || null;
      const keptSocialImage = socialImage ? null : input.socialImageUrl || null;
      // After the publication lock, as updatePost takes them: one order, no deadlock between saves.
      await lockPublicationDecisions(deps, transaction);
      await lockReferencedUploads(db, content, [keptImage, keptSocialImage]);
      await assertUploadExists(storage, keptImage);
      await assertUploadExists(storage, keptSocialImage, 'socialImageUrl');
      await assertSlugFree(db, input.slug, null);
      await assertCategoriesExist(db, categoryIds);
      const created = await Post.create(
        {
          title: input.title,
          slug: input.slug,
          content,
          contentText,
          excerpt: cleanExcerpt(input.excerpt),
          imageUrl: image?.imageUrl ?? (input.imageUrl || null),
          metaTitle: cleanMeta(input.metaTitle),
          metaDescription: cleanMeta(input.metaDescription),
          socialImageUrl: socialImage?.imageUrl ?? (input.socialImageUrl || null),
          imageAlt: cleanImageAlt(input.imageAlt),
          // A planned publication keeps the post a draft until its moment.
          published: schedule ? false : (input.published ?? true),
          scheduledAt: schedule ?? null,
          userId: authorId,
        },
        { transaction },
      );
      if (schedule) await recordScheduled(deps, transaction, created.id, schedule);
      await setPostCategories(db, created.id, categoryIds);
      await setPostTags(db, created.id, input.tags ?? []);
      await releaseSlug(db, input.slug);
      await recordFirstPublications(deps, transaction, { postId: created.id });
      await recordRevision(db, created.id, authorId);
      return created;
    }),
  );
  return getAdminPost(deps, post.id);
}

/**
 * Replaces a post's fields (ownership is the contract's x-owner, checked before this runs). Absent
 * optional fields keep their stored value; `imageUrl` (`socialImageUrl`) null or '' removes the image;
 * an uploaded file wins over the address. An image nothing references any more is deleted after the commit.
 */
export async function updatePost(
  deps: WriteDeps,
  storage: ImageStorage,
  id: number,
  input: PostInput,
  uploads: PostUploads,
  /** Who saves (the revision's author). */
  actorId: number | null,
  /**
   * `sharedBody`: the body is the live co-editing session's own document (X-Shared-Body), so the
   * editors connected to the post are not sent it as a replacement (collab-server.ts).
   */
  options: { sharedBody?: boolean } = {},
): Promise<AdminPostView> {
  const { content, contentText } = cleanContent(input.content);
  const categoryIds = input.categories === undefined ? undefined : [...new Set(input.categories)];
  const schedule = parseSchedule(input.scheduledAt, deps.clock.now());
  let previousImage: string | null = null;
  let previousSocialImage: string | null = null;
  const post = await withUpload(deps, storage, uploads, ({ image, socialImage }) =>
    deps.sequelize.transaction(async (transaction) => {
      const db = { sequelize: deps.sequelize, transaction };
      await lockPublicationDecisions(deps, transaction);
      const existing = await Post.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
      if (!existing) throw notFound(POST_NOT_FOUND);
      previousImage = existing.imageUrl;
      previousSocialImage = existing.socialImageUrl;
      await assertSlugFree(db, input.slug, id);
      if (categoryIds) await assertCategoriesExist(db, categoryIds);
      const newAddress = (field: 'imageUrl' | 'socialImageUrl') =>
        input[field] === undefined || input[field] === existing[field] ? null : input[field];
      await lockReferencedUploads(db, content, [
        image ? null : newAddress('imageUrl'),
        socialImage ? null : newAddress('socialImageUrl'),
      ]);
      let imageUrl = existing.imageUrl;
      if (image) imageUrl = image.imageUrl;
      else if (input.imageUrl !== undefined) {
        imageUrl = input.imageUrl || null;
        if (imageUrl !== existing.imageUrl) await assertUploadExists(storage, imageUrl);
      }
      let socialImageUrl = existing.socialImageUrl;
      if (socialImage) socialImageUrl = socialImage.imageUrl;
      else if (input.socialImageUrl !== undefined) {
        socialImageUrl = input.socialImageUrl || null;
        if (socialImageUrl !== existing.socialImageUrl)
          await assertUploadExists(storage, socialImageUrl, 'socialImageUrl');
      }
      // Read by the trigger that tells the API processes of a changed body (migration 20261129200000).
      if (options.sharedBody)
        await deps.sequelize.query("SELECT set_config('blog.shared_body', 'on', true)", { transaction });
      // One conditional UPDATE: a save loaded at an older version writes nothing (optimistic concurrency).
      const [updated] = await Post.update(
        {
          title: input.title,
          slug: input.slug,
          content,
          contentText,
          excerpt: input.excerpt === undefined ? existing.excerpt : cleanExcerpt(input.excerpt),
          imageUrl,
          metaTitle: input.metaTitle === undefined ? existing.metaTitle : cleanMeta(input.metaTitle),
          metaDescription:
            input.metaDescription === undefined ? existing.metaDescription : cleanMeta(input.metaDescription),
          socialImageUrl,
          imageAlt: input.imageAlt === undefined ? existing.imageAlt : cleanImageAlt(input.imageAlt),
          ...publicationAfterSave(existing, input.published, schedule),
          version: literal('version + 1') as unknown as number,
        },
        {
          where: input.version === undefined ? { id } : { id, version: input.version },
          transaction,
        },
      );
      if (updated === 0) throw conflict(POST_EDIT_CONFLICT, 'version');
      if (schedule && schedule.getTime() !== existing.scheduledAt?.getTime())
        await recordScheduled(deps, transaction, id, schedule);
      await recordSlugChange(db, {
        postId: id,
        oldSlug: existing.slug,
        newSlug: input.slug,
        wasPublic: existing.published || existing.firstPublishedAt !== null,
      });
      if (categoryIds) await setPostCategories(db, id, categoryIds);
      if (input.tags !== undefined) await setPostTags(db, id, input.tags);
      await recordFirstPublications(deps, transaction, { postId: id });
      await recordRevision(db, id, actorId);
      await existing.reload({ transaction });
      return existing;
    }),
  );
  await removeImagesIfUnused(deps, storage, [
    previousImage !== post.imageUrl ? previousImage : null,
    previousSocialImage !== post.socialImageUrl ? previousSocialImage : null,
  ]);
  return getAdminPost(deps, post.id);
}

/**
 * Deletes a post with its comments, links and revisions (cascades); the images it or a revision
 * had as cover or link preview go when nothing else references them.
 */
export async function deletePost(deps: WriteDeps, storage: ImageStorage, id: number): Promise<void> {
  const images = await deps.sequelize.transaction(async (transaction) => {
    const post = await Post.findByPk(id, { attributes: ['id'], transaction, lock: transaction.LOCK.UPDATE });
    if (!post) throw notFound(POST_NOT_FOUND);
    const urls = await imagesOfPosts({ sequelize: deps.sequelize, transaction }, [id]);
    await Post.destroy({ where: { id }, transaction });
    return urls;
  });
  await removeImagesIfUnused(deps, storage, images);
}

/** Published ⇄ draft. Refused for a post without categories (its switch is disabled). */
export async function togglePostVisibility(
  deps: WriteDeps,
  id: number,
): Promise<{ id: number; published: boolean }> {
  const result = await deps.sequelize.transaction(async (transaction) => {
    await lockPublicationDecisions(deps, transaction);
    const post = await Post.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!post) throw notFound(POST_NOT_FOUND);
    const categories = await PostCategory.count({ where: { postId: id }, transaction });
    if (categories === 0)
      throw new AppError('conflict', post.published ? NO_CATEGORY_TO_HIDE : NO_CATEGORY_TO_PUBLISH);
    await post.update(
      {
        published: !post.published,
        // Switched either way by hand: a planned publication no longer applies.
        scheduledAt: null,
        version: literal('version + 1') as unknown as number,
      },
      { transaction },
    );
    await post.reload({ transaction });
    await recordFirstPublications(deps, transaction, { postId: id });
    return { id: post.id, published: post.published };
  });
  return result;
}
