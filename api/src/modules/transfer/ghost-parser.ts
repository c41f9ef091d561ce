import { badRequest } from '../../errors.ts';
import { ghostPostBody } from './ghost-content.ts';
import { readerLosses } from './import-fidelity.ts';
import { type SourceAccess, withheldAtSource } from './import-privacy.ts';
import { notAPost, skipPost, type SkippedItem } from './import-report.ts';
import { informativeDate, sourceDate } from './transfer-dates.ts';
import { emptyDocument, type TransferDocument, type TransferPost } from './transfer-document.ts';

export const NOT_GHOST =
  'To nie jest eksport Ghosta: brak bloków „meta” i „data” z wpisami. Użyj pliku z Settings → Labs → Export.';

/** Ghost tags become this blog's categories (every post needs one to be seen) or its tags. */
export type GhostTagsAs = 'categories' | 'tags';

type Row = Record<string, unknown>;

/**
 * The user statuses Ghost itself lets sign in (its User model's `activeStates`: `warn-N` only counts
 * failed sign-ins). Anything else — `locked`, `inactive`, a status this code does not know, none —
 * is not clearly active: the account is marked so in the import's report.
 */
const GHOST_ACTIVE_STATES = new Set(['active', 'warn-1', 'warn-2', 'warn-3', 'warn-4']);

const text = (row: Row, key: string): string => (typeof row[key] === 'string' ? (row[key] as string) : '');
const rows = (data: Row, key: string): Row[] =>
  Array.isArray(data[key])
    ? (data[key] as unknown[]).filter((row): row is Row => !!row && typeof row === 'object')
    : [];

/** Ghost writes ISO text (older exports: milliseconds); a date the blog cannot keep is refused later (transfer-dates.ts). */
const isoDate = sourceDate;

/** Ghost's export body: `{db: [{meta, data}]}`, or `{meta, data}` as its import docs allow. */
export function ghostData(json: unknown): { meta: Row; data: Row } | null {
  const root = json as Row | null;
  const db = Array.isArray(root?.db) ? (root.db as Row[])[0] : root;
  if (!db || typeof db !== 'object') return null;
  const { meta, data } = db as Row;
  if (!meta || typeof meta !== 'object' || !data || typeof data !== 'object') return null;
  if (!Array.isArray((data as Row).posts)) return null;
  return { meta: meta as Row, data: data as Row };
}

/**
 * The SEO panel's fields from a `posts_meta` row (or an old post row): the search-result title and
 * description, else the Facebook/X ones, which Ghost also uses for both. The sharing image is an
 * image reference like the feature image (`__GHOST_URL__/content/images/…`): the importer takes it
 * the same way, and one it cannot take is reported as a skipped image.
 */
function seoFields(row: Row): Pick<TransferPost, 'metaTitle' | 'metaDescription' | 'socialImage'> {
  const first = (...keys: string[]) => keys.map((key) => text(row, key).trim()).find(Boolean) ?? null;
  return {
    metaTitle: first('meta_title', 'og_title', 'twitter_title'),
    metaDescription: first('meta_description', 'og_description', 'twitter_description'),
    socialImage: first('og_image', 'twitter_image'),
  };
}

/**
 * Who could read the post in Ghost (`visibility`), when that was less than everyone. An export without
 * the field comes from a Ghost before members existed (or a hand-made file, which Ghost's own importer
 * reads as public): every post was public there. Any other value, null or one this blog does not
 * know, keeps the post from the public.
 */
function ghostAccess(post: Row): SourceAccess | null {
  const visibility = post.visibility;
  if (visibility === undefined || visibility === 'public') return null;
  if (visibility === 'members' || visibility === 'paid' || visibility === 'tiers')
    return { kind: visibility };
  return {
    kind: 'visibility',
    value: typeof visibility === 'string' ? visibility : JSON.stringify(visibility),
  };
}

/**
 * A Ghost JSON export (Settings → Labs → Export; format: docs.ghost.org/migration/custom, which
 * mirrors Ghost's tables) as a transfer document. Posts carry their rendered `html` (a post without it is drawn from its Lexical or Mobiledoc document, ghost-content.ts); authors come
 * from `users` through `posts_authors` (the first one is the author here), tags from `posts_tags`
 * in their sort order. Internal tags (`#…`), pages and e-mail-only posts are skipped. Ghost's own
 * address is the `__GHOST_URL__` placeholder, so images are found by path in the uploads folder.
 * Posts for members, paying or chosen tiers only become drafts, scheduled ones scheduled (import-privacy.ts).
 */
export function parseGhost(json: unknown, skipped: SkippedItem[], tagsAs: GhostTagsAs): TransferDocument {
  const body = ghostData(json);
  if (!body) throw badRequest(NOT_GHOST);
  const { meta, data } = body;
  // Ghost ids (ObjectIds) and post uuids are unique across sites: one source for every Ghost blog.
  const document = emptyDocument('ghost', 'ghost');
  document.exportedAt = informativeDate(meta.exported_on);

  const publicTags = new Map<string, string>();
  for (const tag of rows(data, 'tags')) {
    const name = text(tag, 'name').trim();
    if (!name || name.startsWith('#') || tag.visibility === 'internal') continue;
    publicTags.set(text(tag, 'id'), name);
  }
  const terms = [...publicTags].map(([sourceId, name]) => ({ sourceId, name }));
  if (tagsAs === 'categories') document.categories = terms;
  else document.tags = terms;

  for (const user of rows(data, 'users')) {
    const id = text(user, 'id');
    if (!id) continue;
    document.authors.push({
      sourceId: id,
      username: text(user, 'slug') || text(user, 'name') || id,
      email: text(user, 'email') || null,
      displayName: text(user, 'name') || null,
      active: GHOST_ACTIVE_STATES.has(text(user, 'status')),
    });
  }

  const sorted = (links: Row[], key: string) =>
    links
      .slice()
      .sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0))
      .map((link) => text(link, key));
  const authorsOf = (postId: string) =>
    sorted(
      rows(data, 'posts_authors').filter((l) => l.post_id === postId),
      'author_id',
    );
  const tagsOf = (postId: string) =>
    sorted(
      rows(data, 'posts_tags').filter((l) => l.post_id === postId),
      'tag_id',
    ).filter((id) => publicTags.has(id));

  // Ghost 4+ keeps a post's SEO and sharing fields in `posts_meta` (one row per post_id); older
  // exports carry the same columns on the post itself.
  const metaRows = new Map(rows(data, 'posts_meta').map((row) => [text(row, 'post_id'), row]));

  for (const post of rows(data, 'posts')) {
    const id = text(post, 'id');
    const title = text(post, 'title');
    const type = text(post, 'type') || (post.page ? 'page' : 'post');
    const status = text(post, 'status');
    if (type !== 'post') {
      skipPost(skipped, id, title, notAPost(type));
      continue;
    }
    if (!['published', 'draft', 'scheduled'].includes(status)) {
      skipPost(skipped, id, title, `Status „${status}” (np. wysłany tylko e-mailem).`);
      continue;
    }
    const published = status === 'published';
    // A scheduled post's published_at is its planned moment.
    const planned = status === 'scheduled' ? isoDate(post.published_at) : null;
    // The date readers see: when it was (or is planned to be) published, or for a draft when it was begun.
    const created =
      (published && isoDate(post.published_at)) ||
      planned ||
      isoDate(post.created_at) ||
      new Date(0).toISOString();
    const tagIds = tagsOf(id);
    // A post without `html` (a draft, some exports) still has its Lexical or Mobiledoc document.
    const body = ghostPostBody(post);
    const parsed: TransferPost = {
      sourceId: text(post, 'uuid') || id,
      title,
      slug: text(post, 'slug'),
      html: body.html,
      excerpt: text(post, 'custom_excerpt') || null,
      published,
      publishedAt: published ? created : null,
      scheduledAt: planned,
      createdAt: created,
      updatedAt: isoDate(post.updated_at) ?? created,
      authorSourceId: authorsOf(id)[0] ?? (text(post, 'author_id') || null),
      categorySourceIds: tagsAs === 'categories' ? tagIds : [],
      tagSourceIds: tagsAs === 'tags' ? tagIds : [],
      coverImage: text(post, 'feature_image') || null,
      ...seoFields(metaRows.get(id) ?? post),
    };
    const access: SourceAccess | null =
      ghostAccess(post) ?? (status === 'scheduled' && !planned ? { kind: 'undated-schedule' } : null);
    const read = access ? withheldAtSource(parsed, access) : parsed;
    if (body.losses.length > 0) readerLosses.set(read, body.losses);
    document.posts.push(read);
  }
  return document;
}
