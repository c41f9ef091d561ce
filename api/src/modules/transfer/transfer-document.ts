import { readInstant } from '@blog/openapi/rules';
import { z } from 'zod';

/**
 * The one shape every import becomes (a WordPress WXR file, a Ghost JSON export, or this blog's own
 * export) and the shape `npm run export` writes: docs/transfer-document.schema.json describes it
 * for other tools. Ids are the source blog's own (strings), so a second import of the same file
 * recognises every object; images are references (an address, a path under the uploads folder,
 * or a data: URL) that the importer resolves without the network.
 */
export const TRANSFER_FORMAT = 'blog-transfer';
export const TRANSFER_VERSION = 1;

const sourceId = z.string().min(1).max(200);
/**
 * A moment of the file: ISO 8601 with its offset, a real calendar day and time, and within years
 * 1900..9999 in UTC (the blog's one rule of a moment, @blog/openapi/rules instant.ts), so nothing is
 * imported that the site cannot write back (year 10000 comes out as `+010000-…`).
 */
const instant = z.iso.datetime({ offset: true }).refine((text) => readInstant(text).ok);

export const transferDocumentSchema = z
  .object({
    format: z.literal(TRANSFER_FORMAT),
    version: z.literal(TRANSFER_VERSION),
    /** What produced the data: `wordpress`, `ghost` or `blog`, and the site it came from. */
    source: z
      .object({ kind: z.enum(['wordpress', 'ghost', 'blog']), site: z.string().min(1).max(250) })
      .strict()
      .describe(
        'What produced the data and the site it came from; with each sourceId, what makes a second import change nothing.',
      ),
    exportedAt: instant.nullable(),
    authors: z.array(
      z
        .object({
          sourceId,
          username: z.string().min(1).max(200),
          email: z.string().max(254).nullable(),
          displayName: z.string().max(200).nullable(),
          active: z
            .boolean()
            .optional()
            .describe(
              'Whether the account could sign in on the source blog; absent: not known. Every imported account starts inactive either way; one that was not active there is marked so in the report.',
            ),
        })
        .strict(),
    ),
    categories: z.array(
      z
        .object({
          sourceId,
          name: z.string().min(1).max(200),
          /** Hidden categories stay hidden (absent: shown). */
          enabled: z.boolean().optional(),
        })
        .strict(),
    ),
    tags: z.array(z.object({ sourceId, name: z.string().min(1).max(200) }).strict()),
    posts: z.array(
      z
        .object({
          sourceId,
          title: z.string().max(2000),
          slug: z.string().max(2000),
          html: z.string().describe('The body as HTML; sanitized with the editor allow-list on import.'),
          excerpt: z.string().nullable(),
          published: z.boolean(),
          /** When it was first published (null for a draft never published). */
          publishedAt: instant
            .nullable()
            .describe('When readers first saw it; null for a post never published.'),
          createdAt: instant.describe('The date shown with the post.'),
          updatedAt: instant,
          authorSourceId: sourceId.nullable(),
          categorySourceIds: z.array(sourceId),
          tagSourceIds: z.array(sourceId),
          /** The cover (WordPress featured image, Ghost feature_image, this blog's imageUrl). */
          coverImage: z
            .string()
            .max(2048)
            .nullable()
            .describe(
              'An image reference: an address or path under the uploads folder (images/ beside the file), or a data: URL.',
            ),
          // The SEO and sharing panel (issue 22); absent in older files and other sources: none.
          metaTitle: z
            .string()
            .max(2000)
            .nullable()
            .optional()
            .describe('Title for search results and link previews (cut to 70 characters on import).'),
          metaDescription: z
            .string()
            .max(2000)
            .nullable()
            .optional()
            .describe('Description for search results and link previews (cut to 160 characters on import).'),
          socialImage: z
            .string()
            .max(2048)
            .nullable()
            .optional()
            .describe(
              'The link-preview image, an image reference like coverImage; absent or null: the cover.',
            ),
        })
        .strict(),
    ),
    comments: z.array(
      z
        .object({
          sourceId,
          postSourceId: sourceId,
          author: z.string().max(500),
          email: z.string().max(500),
          content: z.string().describe('Plain text (HTML from WordPress is reduced to text).'),
          createdAt: instant,
        })
        .strict(),
    ),
  })
  .strict()
  .describe('A whole blog: what npm run export writes and npm run import (and the panel) reads back.');

export type TransferDocument = z.infer<typeof transferDocumentSchema>;
export type TransferAuthor = TransferDocument['authors'][number];
export type TransferPost = TransferDocument['posts'][number];
export type TransferComment = TransferDocument['comments'][number];

/** An empty document of a source, for the parsers to fill. */
export const emptyDocument = (kind: TransferDocument['source']['kind'], site: string): TransferDocument => ({
  format: TRANSFER_FORMAT,
  version: TRANSFER_VERSION,
  source: { kind, site },
  exportedAt: null,
  authors: [],
  categories: [],
  tags: [],
  posts: [],
  comments: [],
});
