import { readInstant } from '@blog/shared/rules';
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
 * 1900..9999 in UTC (the blog's one rule of a moment, @blog/shared/rules instant.ts), so nothing is
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
        .strict()
        .describe(
          'A staff account (admin or publisher), named by its username, e-mail and display name. Not carried: the password and reset tokens (they never leave the blog), the role (an import makes publishers, never admins), its dates and version (the account is new on the importing blog, inactive until an admin activates it; one found there by e-mail is used as it is).',
        ),
    ),
    categories: z.array(
      z
        .object({
          sourceId,
          name: z.string().min(1).max(200),
          /** Hidden categories stay hidden (absent: shown). */
          enabled: z.boolean().optional(),
        })
        .strict()
        .describe(
          'A category by its name and whether readers see it (a category of that name already on the importing blog is used as it is). Not carried: its dates and version, which nobody sees and which belong to the blog that keeps them.',
        ),
    ),
    tags: z.array(
      z
        .object({ sourceId, name: z.string().min(1).max(200) })
        .strict()
        .describe('A tag by its name. Not carried: the date it was made, which nobody sees.'),
    ),
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
          scheduledAt: instant
            .nullable()
            .optional()
            .describe('The moment a draft is planned to be published by itself; absent or null: none.'),
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
          // The SEO and sharing panel; absent in older files and other sources: none.
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
          // Absent in older files and other sources: the import does without (the title stands for
          // the cover, the post keeps only its current slug).
          coverImageAlt: z
            .string()
            .max(2000)
            .nullable()
            .optional()
            .describe(
              "The cover's alternative text (cut to 300 characters on import); absent or null: the title stands for it.",
            ),
          oldSlugs: z
            .array(z.string().max(2000))
            .max(1000)
            .optional()
            .describe(
              "Earlier slugs readers saw, which lead to the post (301); normalised like slug on import, one already a post's or another post's earlier slug is left out.",
            ),
        })
        .strict()
        .describe(
          "A post as it is now: everything the editor holds, its dates, its author, categories and tags, its cover (with its alternative text), its link preview and its earlier slugs. Not carried: the id and the edit counter (version; the import's post starts at 1); what the database computes from the carried fields (plain text, search text, word count, whether a category shows it); when an earlier slug was recorded (nobody sees it); and the revision history: the import brings the post's current state, and its history starts on the importing blog with the next edit (the old states point at the old blog's image files and category ids; npm run backup keeps them).",
        ),
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
        .strict()
        .describe(
          'An approved comment (one still awaiting approval stays out: the document has no status, and the import publishes what it brings). Not carried: the id.',
        ),
    ),
  })
  .strict()
  .describe(
    'A whole blog: what npm run export writes and npm run import (and the panel) reads back. Each object lists what it does not carry and why; beyond them the document holds no subscribers or subscriptions, settings, contact messages, logs or jobs: npm run backup copies everything.',
  );

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
