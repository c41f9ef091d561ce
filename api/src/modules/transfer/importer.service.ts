import { imageSrc, oneLine, personName, slugFromTitle, termName } from '@blog/shared/rules';
import { AppError } from '../../errors.ts';
import { createEventRecorder } from '../../events/outbox.ts';
import { htmlToText } from '../../html/html-text.ts';
import { Category } from '../categories/category.model.ts';
import { Comment } from '../comments/comment.model.ts';
import type { ImageStorage } from '../images/image-storage.ts';
import { Post } from '../posts/post.model.ts';
import { PostCategory } from '../posts/post-category.model.ts';
import { PostTag } from '../tags/post-tag.model.ts';
import { Tag } from '../tags/tag.model.ts';
import { mergeLosses, readerLosses } from './import-fidelity.ts';
import { importedPostHtml, imageSources } from './import-html.ts';
import { type ImageSources, importImage, uploadPath } from './import-images.ts';
import { importedPublication } from './import-privacy.ts';
import { type ImportReport, type SkippedItem, zeroCounts } from './import-report.ts';
import { ImportedObjects } from './import-sources.ts';
import { importAuthors } from './import-authors.ts';
import { firstFree, type ImportProgress, type ImportTarget, query, type Run } from './import-run.ts';

import type { TransferDocument, TransferPost } from './transfer-document.ts';

export { importTargetOf, type ImportProgress, type ImportTarget } from './import-run.ts';

/** Posts of the file that belong to no category still need one to be seen: this one. */
export const FALLBACK_CATEGORY = 'Bez kategorii';
const UNTITLED = 'Bez tytułu';
export const IMPORT_ROLLED_BACK = 'Import przerwany, nic nie zapisano:';

/** Why a category or tag of the file is left out (README, „Moving in and out”: names). */
export const TERM_DROPPED = {
  tag: {
    dots: 'Nazwa z samych kropek: adres /tag/. prowadziłby na inną stronę. Wpisy zaimportowano bez tego tagu.',
    empty: 'Nazwa bez widocznych znaków. Wpisy zaimportowano bez tego tagu.',
  },
  category: {
    dots: 'Nazwa z samych kropek. Wpisy trafiły do pozostałych kategorii albo do „Bez kategorii”.',
    empty: 'Nazwa bez widocznych znaków. Wpisy trafiły do pozostałych kategorii albo do „Bez kategorii”.',
  },
} as const;

async function importTerms(run: Run, kind: 'category' | 'tag', terms: TransferDocument['categories']) {
  const create = async (name: string, enabled = true) =>
    kind === 'category'
      ? (await Category.create({ name, enabled }, { transaction: run.transaction })).id
      : (await Tag.create({ name }, { transaction: run.transaction })).id;
  const counter = kind === 'category' ? 'categories' : 'tags';
  const table = kind === 'category' ? 'categories' : 'tags';
  for (const term of terms) {
    if (run.known.get(kind, term.sourceId)) {
      run.report.unchanged[counter] += 1;
      continue;
    }
    // Normalized as the forms do, so 'Ąna' written NFD (or with a no-break space) is the existing 'Ąna'.
    const named = termName(kind, term.name);
    if (!named.ok) {
      const title = oneLine(term.name).trim().slice(0, 200);
      run.report.skipped.push({
        kind,
        sourceId: term.sourceId,
        title,
        reason: TERM_DROPPED[kind][named.problem],
      });
      continue;
    }
    const { name } = named;
    const [same] = await query<{ id: number }>(
      run,
      `SELECT id FROM ${table} WHERE lower(name) = lower(:name)`,
      {
        name,
      },
    );
    const id = same?.id ?? (await create(name, term.enabled ?? true));
    await run.known.remember(kind, term.sourceId, id);
    run.report[same ? 'unchanged' : 'created'][counter] += 1;
  }
}

/** The post form's limits of a slug (and the contract's, also for the report's renamed slugs). */
const SLUG_MIN = 3;
const SLUG_MAX = 200;

/**
 * A slug of the file in this blog's alphabet, within the form's limits, or '' when fewer than 3
 * characters are left. Percent-escapes are decoded first (WordPress stores Polish slugs so, which
 * makes 200 characters of its slug far fewer letters); an escape cut in half by the old blog's own
 * limit is dropped instead of making the whole slug unreadable.
 */
export function importedSlug(raw: string): string {
  const decoded = raw.replace(/(?:%[0-9a-f]{2})+/gi, (escapes) =>
    Buffer.from(escapes.replace(/%/g, ''), 'hex').toString('utf8'),
  );
  const slug = slugFromTitle(decoded).slice(0, SLUG_MAX).replace(/-+$/, '');
  return slug.length >= SLUG_MIN ? slug : '';
}

/** Taken here: a post's slug, or an old slug that leads to a post. */
const slugTaken = async (run: Run, candidate: string) =>
  (
    await query(
      run,
      'SELECT 1 FROM posts WHERE slug = :candidate UNION ALL SELECT 1 FROM post_slug_redirects WHERE old_slug = :candidate',
      { candidate },
    )
  ).length > 0;

/** A slug for the post: the file's, else from its title; a taken one gets a suffix and is reported. */
async function postSlug(run: Run, post: TransferPost): Promise<string> {
  const base = importedSlug(post.slug) || importedSlug(post.title) || importedSlug(`wpis-${post.sourceId}`);
  const slug = await firstFree(base, SLUG_MAX, (candidate) => slugTaken(run, candidate));
  if (slug !== base) run.report.renamedSlugs.push({ sourceId: post.sourceId, from: base, to: slug });
  return slug;
}

/**
 * The post's earlier slugs lead to it again (301), after every post of the file has its slug, so an
 * old slug never pushes a post of the file off its own. One taken here is left out: it names another
 * post already.
 */
async function importOldSlugs(run: Run) {
  for (const { postId, oldSlugs } of run.oldSlugs)
    for (const oldSlug of new Set(oldSlugs.map(importedSlug)))
      if (oldSlug && !(await slugTaken(run, oldSlug)))
        await run.deps.sequelize.query(
          'INSERT INTO post_slug_redirects (old_slug, post_id) VALUES (:oldSlug, :postId)',
          {
            replacements: { oldSlug, postId },
            transaction: run.transaction,
          },
        );
}

/** The stored copy of an image reference (cached per import), or null when it cannot be had. */
async function image(run: Run, cache: Map<string, string | null>, post: TransferPost, reference: string) {
  if (cache.has(reference)) return cache.get(reference)!;
  let imageUrl: string | null = null;
  try {
    const imported = await importImage(run.storage, run.sources, reference);
    run.written.push(...imported.written);
    imageUrl = imported.imageUrl;
    // One image may be referenced several ways (a cover path, an address in the body): counted once.
    if (![...cache.values()].includes(imageUrl)) run.report.created.images += 1;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const shown = reference.startsWith('data:') ? `${reference.slice(0, 40)}…` : reference.slice(0, 300);
    run.report.skipped.push({ kind: 'image', sourceId: shown, title: post.title, reason: err.message });
  }
  cache.set(reference, imageUrl);
  return imageUrl;
}

/** An address the post form takes for a cover (https?://, no spaces, within its length). */
const IMAGE_ADDRESS = /^https?:\/\/\S{1,2040}$/i;

/**
 * A cover or link-preview image: its stored copy, or, for an address that is no blog's upload (a
 * photo service, another site), the address itself, as the post form and images in the body keep it.
 */
async function postImage(
  run: Run,
  cache: Map<string, string | null>,
  post: TransferPost,
  reference: string | null | undefined,
) {
  if (!reference) return null;
  if (IMAGE_ADDRESS.test(reference) && uploadPath(reference) === null) return reference;
  return image(run, cache, post, reference);
}

async function fallbackCategory(run: Run): Promise<number> {
  const [found] = await query<{ id: number }>(
    run,
    'SELECT id FROM categories WHERE lower(name) = lower(:name)',
    {
      name: FALLBACK_CATEGORY,
    },
  );
  return (
    found?.id ?? (await Category.create({ name: FALLBACK_CATEGORY }, { transaction: run.transaction })).id
  );
}

/** The cover's alternative text as the editor keeps it (trimmed, empty: none), cut to the form's 300. */
const coverImageAlt = (alt: string | null | undefined): string | null =>
  alt
    ?.trim()
    .slice(0, 300)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trim() || null;

async function importPost(run: Run, post: TransferPost, images: Map<string, string | null>) {
  const inline = new Map<string, string>();
  for (const reference of imageSources(post.html)) {
    const stored = await image(run, images, post, reference);
    // As the editor writes an uploaded image (/api/images/…): the sanitizer gives it its srcset.
    if (stored) inline.set(reference, imageSrc(stored)!);
  }
  const { content, contentText, unsafe, losses, words } = importedPostHtml(post.html, inline, run.source);
  if (unsafe) run.report.sanitized.push({ sourceId: post.sourceId, title: post.title });
  const lost = mergeLosses(readerLosses.get(post) ?? [], losses);
  const cover = await postImage(run, images, post, post.coverImage);
  const socialImage = await postImage(run, images, post, post.socialImage);
  const authorId = post.authorSourceId ? (run.known.get('user', post.authorSourceId) ?? null) : null;
  // A post once published keeps that moment, also when it comes in as a draft.
  const published = post.publishedAt ?? (post.published ? post.createdAt : null);
  const publishedAt = published ? new Date(published) : null;
  // Never more public than the source had it (import-privacy.ts): public, scheduled or a draft.
  const publication = importedPublication(post, run.source, run.now);
  const created = await Post.create(
    {
      title: post.title.trim().slice(0, 200) || UNTITLED,
      slug: await postSlug(run, post),
      content,
      contentText,
      excerpt: post.excerpt ? htmlToText(post.excerpt).slice(0, 1000) || null : null,
      imageUrl: cover,
      imageAlt: coverImageAlt(post.coverImageAlt),
      metaTitle: post.metaTitle?.trim().slice(0, 70) || null,
      metaDescription: post.metaDescription?.trim().slice(0, 160) || null,
      socialImageUrl: socialImage,
      published: publication.published,
      scheduledAt: publication.scheduledAt,
      firstPublishedAt: publishedAt,
      userId: authorId,
      createdAt: new Date(post.createdAt),
      updatedAt: new Date(post.updatedAt),
    },
    { transaction: run.transaction, silent: true },
  );
  const categoryIds = post.categorySourceIds.flatMap((id) => run.known.get('category', id) ?? []);
  if (categoryIds.length === 0) categoryIds.push(await fallbackCategory(run));
  for (const categoryId of new Set(categoryIds))
    await PostCategory.create({ postId: created.id, categoryId }, { transaction: run.transaction });
  const tagIds = new Set(post.tagSourceIds.flatMap((id) => run.known.get('tag', id) ?? []));
  for (const tagId of tagIds)
    await PostTag.create({ postId: created.id, tagId }, { transaction: run.transaction });
  if (post.oldSlugs?.length) run.oldSlugs.push({ postId: created.id, oldSlugs: post.oldSlugs });
  await run.known.remember('post', post.sourceId, created.id);
  run.report.created.posts += 1;
  // Never silently shortened: every post that lost an element or a word is listed with what it lost.
  if (lost.length > 0 || words.kept < words.source)
    run.report.losses.push({ sourceId: post.sourceId, title: created.title, lost, words });
  if (publication.reason)
    run.report.withheld.push({ sourceId: post.sourceId, title: created.title, reason: publication.reason });
  // As the panel's scheduling does: the worker sets a delayed job for the moment (its sweeps catch it too).
  if (publication.scheduledAt)
    await createEventRecorder(() => undefined).record(
      { type: 'post.scheduled', payload: { postId: created.id, at: publication.scheduledAt.toISOString() } },
      run.transaction,
    );
}

async function importComments(run: Run, document: TransferDocument) {
  for (const comment of document.comments) {
    if (run.known.get('comment', comment.sourceId)) {
      run.report.unchanged.comments += 1;
      continue;
    }
    const postId = run.known.get('post', comment.postSourceId);
    // Comments are plain text here: WordPress's line breaks stay line breaks, markup goes
    // (this blog's own export already holds plain text).
    const content = (
      document.source.kind === 'blog'
        ? comment.content
        : comment.content
            .split(/<br\s*\/?>|\r?\n/i)
            .map(htmlToText)
            .join('\n')
    )
      .trim()
      .slice(0, 5000);
    const reason = !postId
      ? 'Wpis komentarza nie został zaimportowany.'
      : !content
        ? 'Pusty komentarz.'
        : null;
    if (reason) {
      run.report.skipped.push({ kind: 'comment', sourceId: comment.sourceId, title: '', reason });
      continue;
    }
    const created = await Comment.create(
      {
        postId: postId!,
        author: personName('commentAuthor', comment.author) ?? 'Anonim',
        email: comment.email.trim().slice(0, 254),
        content,
        createdAt: new Date(comment.createdAt),
      },
      { transaction: run.transaction },
    );
    await run.known.remember('comment', comment.sourceId, created.id);
    run.report.created.comments += 1;
  }
}

/** PostgreSQL's data exceptions (class 22: a value out of range, a bad date) say the file is at fault. */
function databaseRefusal(err: unknown): string | undefined {
  const cause = (err as { parent?: { code?: unknown; message?: unknown } } | null)?.parent;
  if (typeof cause?.code !== 'string' || !cause.code.startsWith('22')) return undefined;
  return `baza danych nie przyjęła wartości z pliku (${String(cause.message)}).`;
}

/**
 * Writes a transfer document into the blog in one transaction: authors, categories, tags, posts
 * (with their images) and comments. Objects imported before from the same source are left alone,
 * so importing a file twice changes nothing. A post is never more public here than in the source
 * (import-privacy.ts); the report names every one that is not public. Imported posts keep their
 * publication moment and are never announced, also when they are published here later (by hand or
 * at their planned moment): no `post.published` event (post-publication.ts), so no notification or
 * newsletter e-mail. When anything fails the transaction rolls back and the images written so far are
 * removed.
 */
export async function importDocument(
  deps: ImportTarget,
  storage: ImageStorage,
  document: TransferDocument,
  options: { sources?: ImageSources; skipped?: SkippedItem[]; progress?: ImportProgress } = {},
): Promise<ImportReport> {
  const report: ImportReport = {
    source: document.source,
    created: zeroCounts(),
    unchanged: zeroCounts(),
    renamedSlugs: [],
    skipped: [...(options.skipped ?? [])],
    withheld: [],
    sanitized: [],
    losses: [],
    accounts: [],
  };
  const written: string[] = [];
  const total = document.posts.length;
  try {
    await deps.sequelize.transaction(async (transaction) => {
      // One import at a time: two runs of the same file must not both find it new.
      await deps.sequelize.query("SELECT pg_advisory_xact_lock(hashtext('blog:import'))", { transaction });
      const source = `${document.source.kind}:${document.source.site}`;
      const known = await ImportedObjects.load(deps.sequelize, transaction, source);
      const run: Run = {
        deps,
        transaction,
        source: document.source.kind,
        now: new Date(),
        known,
        report,
        oldSlugs: [],
        storage,
        sources: options.sources ?? {},
        written,
      };
      await importAuthors(run, document);
      await importTerms(run, 'category', document.categories);
      await importTerms(run, 'tag', document.tags);
      const images = new Map<string, string | null>();
      for (const [index, post] of document.posts.entries()) {
        if (known.get('post', post.sourceId)) report.unchanged.posts += 1;
        else await importPost(run, post, images);
        await options.progress?.(index + 1, total);
      }
      await importOldSlugs(run);
      await importComments(run, document);
    });
  } catch (err) {
    await Promise.all(written.map((fileName) => storage.remove(fileName).catch(() => undefined)));
    // Bad data the database refused (a NUL byte, a value out of range): the admin's file, not a bug.
    const refused = err instanceof AppError ? undefined : databaseRefusal(err);
    throw refused ? new AppError('bad_request', `${IMPORT_ROLLED_BACK} ${refused}`) : err;
  }
  return report;
}
