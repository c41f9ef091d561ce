import { badRequest } from '../../errors.ts';
import { emptyDocument, type TransferDocument, type TransferPost } from './transfer-document.ts';
import { notAPost, skipPost, type SkippedItem } from './import-report.ts';
import { type SourceAccess, withheldAtSource } from './import-privacy.ts';
import { informativeDate, sourceDate } from './transfer-dates.ts';
import { galleryShortcodes, type WxrAttachment } from './wxr-galleries.ts';
import { child, children, parseXmlTree, textOf, type XmlElement } from './xml-tree.ts';

export const NOT_WXR =
  'To nie jest eksport WordPressa: brak elementu <rss> z wersją WXR (wp:wxr_version). Użyj pliku z Narzędzia → Eksport.';

/**
 * WXR dates are `YYYY-MM-DD HH:MM:SS`; the `_gmt` one is UTC, and a draft never published carries
 * `0000-00-00 00:00:00` there, so the site-local date is the fallback (read as UTC: the file does
 * not say the site's zone). Read by sourceDate: a date the blog cannot keep (30 February, year 1800)
 * stays as the file has it, and readImportFile refuses the file naming it.
 */
const wxrInstant = (value: string) =>
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) && !value.startsWith('0000')
    ? sourceDate(`${value.replace(' ', 'T')}Z`)
    : null;

function wxrDate(item: XmlElement, names = ['wp:post_date_gmt', 'wp:post_date']): string | null {
  for (const name of names) {
    const date = wxrInstant(textOf(item, name));
    if (date !== null) return date;
  }
  return sourceDate(textOf(item, 'pubDate'));
}

const commentDate = (comment: XmlElement, fallback: string): string =>
  wxrInstant(textOf(comment, 'wp:comment_date_gmt') || textOf(comment, 'wp:comment_date')) ?? fallback;

function metaValue(item: XmlElement, key: string): string | undefined {
  const entry = children(item, 'wp:postmeta').find((candidate) => textOf(candidate, 'wp:meta_key') === key);
  return entry ? textOf(entry, 'wp:meta_value') : undefined;
}

/**
 * A Yoast SEO title or description (postmeta `_yoast_wpseo_title` / `_yoast_wpseo_metadesc`), only
 * when it is plain text: one with Yoast's variables (`%%title%% %%sep%% %%sitename%%`) is a template
 * only Yoast can fill, so the field stays empty and the post's own title and excerpt are used.
 */
function yoastText(item: XmlElement, key: string): string | null {
  const value = metaValue(item, key)?.trim();
  return value && !/%%[^%\s]+%%/.test(value) ? value : null;
}

/**
 * WordPress stores post bodies without paragraphs and adds them when it shows a post (wpautop): a
 * blank line ends a paragraph, a single newline is a line break. Bodies written in the block editor
 * already carry their <p>; only the classic ones need this.
 */
export function autoParagraphs(html: string): string {
  if (/<p[\s>]/i.test(html)) return html;
  return html
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) =>
      /^<(h[1-6]|ul|ol|blockquote|pre|figure|div|table)[\s>]/i.test(block)
        ? block
        : `<p>${block.replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
}

/**
 * Who could read the post in WordPress, when that was less than everyone. A password protects a post
 * whatever its status, and any text counts as one (WordPress itself only asks whether it is empty),
 * even blanks around a CDATA section: a public post taken for a protected one is reported and can be
 * published by hand, the other way round it would be out for everyone.
 */
function wxrAccess(item: XmlElement, status: string): SourceAccess | null {
  if (status === 'private') return { kind: 'private' };
  if (status === 'pending') return { kind: 'pending' };
  if ((child(item, 'wp:post_password')?.text ?? '') !== '') return { kind: 'password' };
  return null;
}

/**
 * A WordPress eXtended RSS export (Narzędzia → Eksport; format: the WordPress Importer's parser,
 * github.com/WordPress/wordpress-importer, class-wxr-parser-simplexml.php) as a transfer document.
 * Posts only: pages, attachments (used to resolve featured images and `[gallery]` shortcodes), menus and trashed items are
 * reported as skipped. Only approved comments (wp:comment_approved = 1) of the comment type come in.
 * Protected, private and pending posts become drafts, `future` ones scheduled (import-privacy.ts).
 */
export function parseWxr(xml: string, skipped: SkippedItem[]): TransferDocument {
  const rss = child(parseXmlTree(xml), 'rss');
  const channel = child(rss, 'channel');
  if (!rss || !channel || !textOf(channel, 'wp:wxr_version')) throw badRequest(NOT_WXR);

  const site = textOf(channel, 'wp:base_site_url') || textOf(channel, 'link') || 'wordpress';
  const document = emptyDocument('wordpress', site.slice(0, 250));
  document.exportedAt = informativeDate(textOf(channel, 'pubDate'));

  for (const author of children(channel, 'wp:author')) {
    const login = textOf(author, 'wp:author_login');
    if (!login) continue;
    document.authors.push({
      sourceId: login,
      username: login,
      email: textOf(author, 'wp:author_email') || null,
      displayName: textOf(author, 'wp:author_display_name') || null,
    });
  }
  const categories = new Map<string, string>();
  const tags = new Map<string, string>();
  for (const category of children(channel, 'wp:category'))
    categories.set(textOf(category, 'wp:category_nicename'), textOf(category, 'wp:cat_name'));
  for (const tag of children(channel, 'wp:tag'))
    tags.set(textOf(tag, 'wp:tag_slug'), textOf(tag, 'wp:tag_name'));

  const items = children(channel, 'item');
  const attachments = new Map<string, string>();
  const images: WxrAttachment[] = [];
  for (const item of items)
    if (textOf(item, 'wp:post_type') === 'attachment') {
      const url = textOf(item, 'wp:attachment_url') || textOf(item, 'guid');
      attachments.set(textOf(item, 'wp:post_id'), url);
      images.push({
        id: textOf(item, 'wp:post_id'),
        url,
        parent: textOf(item, 'wp:post_parent'),
        order: Number(textOf(item, 'wp:menu_order')) || 0,
        caption: textOf(item, 'excerpt:encoded'),
        alt: metaValue(item, '_wp_attachment_image_alt') ?? '',
      });
    }

  for (const item of items) {
    const id = textOf(item, 'wp:post_id');
    const type = textOf(item, 'wp:post_type');
    const title = textOf(item, 'title');
    const status = textOf(item, 'wp:status');
    if (type === 'attachment') continue;
    if (type !== 'post') {
      skipPost(skipped, id, title, notAPost(type));
      continue;
    }
    if (!['publish', 'draft', 'pending', 'private', 'future'].includes(status)) {
      skipPost(skipped, id, title, `Status „${status}” (kosz lub szkic automatyczny).`);
      continue;
    }
    const dated = wxrDate(item);
    const date = dated ?? new Date(0).toISOString();
    const terms = children(item, 'category');
    const termsOf = (domain: string, known: Map<string, string>) =>
      terms
        .filter((term) => term.attributes.domain === domain && term.attributes.nicename)
        .map((term) => {
          const slug = term.attributes.nicename!;
          if (!known.has(slug)) known.set(slug, term.text.trim() || slug);
          return slug;
        });
    const thumbnail = metaValue(item, '_thumbnail_id');
    const post: TransferPost = {
      sourceId: id,
      title,
      slug: textOf(item, 'wp:post_name'),
      html: autoParagraphs(galleryShortcodes(child(item, 'content:encoded')?.text ?? '', id, images)),
      excerpt: textOf(item, 'excerpt:encoded') || null,
      published: status === 'publish',
      publishedAt: status === 'publish' ? date : null,
      // `future`: WordPress publishes it at its date (post_date_gmt is the planned moment).
      scheduledAt: status === 'future' && dated !== null ? dated : null,
      createdAt: date,
      updatedAt: wxrDate(item, ['wp:post_modified_gmt', 'wp:post_modified']) ?? date,
      authorSourceId: textOf(item, 'dc:creator') || null,
      categorySourceIds: termsOf('category', categories),
      tagSourceIds: termsOf('post_tag', tags),
      coverImage: (thumbnail && attachments.get(thumbnail)) || null,
      metaTitle: yoastText(item, '_yoast_wpseo_title'),
      metaDescription: yoastText(item, '_yoast_wpseo_metadesc'),
    };
    const access: SourceAccess | null =
      wxrAccess(item, status) ??
      (status === 'future' && dated === null ? { kind: 'undated-schedule' } : null);
    document.posts.push(access ? withheldAtSource(post, access) : post);
    for (const comment of children(item, 'wp:comment')) {
      const commentId = textOf(comment, 'wp:comment_id');
      const type = textOf(comment, 'wp:comment_type');
      if (textOf(comment, 'wp:comment_approved') !== '1' || (type && type !== 'comment')) {
        skipped.push({
          kind: 'comment',
          sourceId: commentId,
          title,
          reason: type && type !== 'comment' ? `Komentarz typu „${type}”.` : 'Komentarz niezatwierdzony.',
        });
        continue;
      }
      document.comments.push({
        sourceId: commentId,
        postSourceId: id,
        author: textOf(comment, 'wp:comment_author'),
        email: textOf(comment, 'wp:comment_author_email'),
        content: child(comment, 'wp:comment_content')?.text ?? '',
        createdAt: commentDate(comment, date),
      });
    }
  }
  document.categories = [...categories].map(([sourceId, name]) => ({ sourceId, name: name || sourceId }));
  document.tags = [...tags].map(([sourceId, name]) => ({ sourceId, name: name || sourceId }));
  return document;
}
