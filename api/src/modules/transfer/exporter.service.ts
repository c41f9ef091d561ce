import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STAFF_ROLES } from '@blog/shared/policy';
import { imageVariants, parseUploadedImage } from '@blog/shared/rules';
import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import type { ImageStorage } from '../images/image-storage.ts';
import { uploadPath } from './import-images.ts';
import { emptyDocument, type TransferDocument } from './transfer-document.ts';

export const EXPORT_FILE = 'blog-export.json';
export const EXPORT_IMAGES = 'images';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const ids = (list: number[] | null) => (list ?? []).map(String);

/** The whole blog as a transfer document (ids are this blog's own, as strings). */
export async function exportDocument(sequelize: Sequelize, publicUrl: string): Promise<TransferDocument> {
  const select = <T extends object>(sql: string, replacements?: Record<string, unknown>) =>
    sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements });
  const document = emptyDocument('blog', publicUrl.replace(/\/+$/, ''));
  document.exportedAt = new Date().toISOString();
  // Staff only: subscribers are readers, not authors, and their addresses stay here.
  document.authors = (
    await select<{
      id: number;
      username: string;
      email: string | null;
      display_name: string | null;
      is_active: boolean;
    }>('SELECT id, username, email, display_name, is_active FROM users WHERE role IN (:staff) ORDER BY id', {
      staff: STAFF_ROLES,
    })
  ).map((user) => ({
    sourceId: String(user.id),
    username: user.username,
    email: user.email,
    displayName: user.display_name,
    // Every imported account starts inactive; this tells the admin which ones were not active here.
    active: user.is_active,
  }));
  document.categories = (
    await select<{ id: number; name: string; enabled: boolean }>(
      'SELECT id, name, enabled FROM categories ORDER BY id',
    )
  ).map((category) => ({ sourceId: String(category.id), name: category.name, enabled: category.enabled }));
  document.tags = (await select<{ id: number; name: string }>('SELECT id, name FROM tags ORDER BY id')).map(
    (tag) => ({ sourceId: String(tag.id), name: tag.name }),
  );
  const posts = await select<{
    id: number;
    title: string;
    slug: string;
    content: string;
    excerpt: string | null;
    published: boolean;
    first_published_at: Date | null;
    scheduled_at: Date | null;
    created_at: Date;
    updated_at: Date;
    user_id: number | null;
    image_url: string | null;
    meta_title: string | null;
    meta_description: string | null;
    social_image_url: string | null;
    image_alt: string | null;
    old_slugs: string[] | null;
    categories: number[] | null;
    tags: number[] | null;
  }>(
    `SELECT p.id, p.title, p.slug, p.content, p.excerpt, p.published, p.first_published_at, p.scheduled_at,
            p.created_at, p.updated_at, p.user_id, p.image_url, p.meta_title, p.meta_description,
            p.social_image_url, p.image_alt,
            (SELECT array_agg(r.old_slug ORDER BY r.old_slug) FROM post_slug_redirects r WHERE r.post_id = p.id) AS old_slugs,
            (SELECT array_agg(pc.category_id ORDER BY pc.category_id) FROM post_categories pc WHERE pc.post_id = p.id) AS categories,
            (SELECT array_agg(pt.tag_id ORDER BY pt.tag_id) FROM post_tags pt WHERE pt.post_id = p.id) AS tags
       FROM posts p ORDER BY p.id`,
  );
  document.posts = posts.map((post) => ({
    sourceId: String(post.id),
    title: post.title,
    slug: post.slug,
    html: post.content,
    excerpt: post.excerpt,
    published: post.published,
    publishedAt: iso(post.first_published_at),
    scheduledAt: iso(post.scheduled_at),
    createdAt: iso(post.created_at)!,
    updatedAt: iso(post.updated_at)!,
    authorSourceId: post.user_id === null ? null : String(post.user_id),
    categorySourceIds: ids(post.categories),
    tagSourceIds: ids(post.tags),
    coverImage: post.image_url,
    metaTitle: post.meta_title,
    metaDescription: post.meta_description,
    socialImage: post.social_image_url,
    coverImageAlt: post.image_alt,
    oldSlugs: post.old_slugs ?? [],
  }));
  // The document has no status: a comment still waiting for approval stays out (an import would publish it).
  document.comments = (
    await select<{
      id: number;
      post_id: number;
      author: string;
      email: string;
      content: string;
      created_at: Date;
    }>(
      "SELECT id, post_id, author, email, content, created_at FROM comments WHERE status = 'approved' ORDER BY id",
    )
  ).map((comment) => ({
    sourceId: String(comment.id),
    postSourceId: String(comment.post_id),
    author: comment.author,
    email: comment.email,
    content: comment.content,
    createdAt: iso(comment.created_at)!,
  }));
  return document;
}

/** Every stored file the document's posts use: covers and images inside the HTML, all widths. */
export function referencedFiles(document: TransferDocument, publicUrl: string): Set<string> {
  const files = new Set<string>();
  // A cover is stored as /uploads/…; the editor writes a body image as /api/images/… (older imports
  // wrote it with the blog's address in front).
  const own = ['/uploads/', '/api/images/', `${publicUrl.replace(/\/+$/, '')}/api/images/`];
  const add = (reference: string | null) => {
    if (!reference || !own.some((prefix) => reference.startsWith(prefix))) return;
    const fileName = path.basename(uploadPath(reference) ?? '');
    const image = parseUploadedImage(`/uploads/${fileName}`);
    if (image) for (const variant of imageVariants(image)) files.add(variant.fileName);
    else if (fileName) files.add(fileName);
  };
  for (const post of document.posts) {
    add(post.coverImage);
    add(post.socialImage ?? null);
    for (const match of post.html.matchAll(/<img [^>]*?src="([^"]+)"/g)) add(match[1]!);
  }
  return files;
}

/**
 * `npm run export`: the whole blog into a folder, as `blog-export.json` (a transfer document, the
 * shape the importer reads back; docs/transfer-document.schema.json) and `images/` with every
 * stored file its posts use, read through the storage module (local folder or S3).
 */
export async function exportBlog(
  sequelize: Sequelize,
  storage: ImageStorage,
  publicUrl: string,
  folder: string,
  progress?: (done: number, total: number) => void,
): Promise<{ document: TransferDocument; images: number; missing: string[] }> {
  const document = await exportDocument(sequelize, publicUrl);
  const images = path.join(folder, EXPORT_IMAGES);
  await mkdir(images, { recursive: true });
  const files = [...referencedFiles(document, publicUrl)].sort();
  const missing: string[] = [];
  for (const [index, fileName] of files.entries()) {
    const opened = await storage.open(fileName);
    if (!opened) missing.push(fileName);
    else {
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      await writeFile(path.join(images, fileName), Buffer.concat(chunks));
    }
    progress?.(index + 1, files.length);
  }
  await writeFile(path.join(folder, EXPORT_FILE), `${JSON.stringify(document, null, 2)}\n`);
  return { document, images: files.length - missing.length, missing };
}
