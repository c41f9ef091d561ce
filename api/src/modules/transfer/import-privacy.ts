import { oneLine } from '@blog/shared/rules';
import { warsawMinute } from '../subscriptions/warsaw-day.ts';
import type { TransferDocument, TransferPost } from './transfer-document.ts';

/**
 * An import never widens who can read anything (docs/importing.md): a post comes in public only when
 * the source showed it to every reader and its date is a sane one; everything else comes in as a
 * draft, or as scheduled when the source planned it for a moment still ahead, and the report names
 * it with the reason below. Anything unknown or contradictory takes the less public choice.
 */

/** Who could read a post at the source, when that was less than everyone (the parsers say so). */
export type SourceAccess =
  /** WordPress with a non-empty `wp:post_password` (whatever the status but private or pending). */
  | { kind: 'password' }
  /** WordPress `private`: only the site's editors. */
  | { kind: 'private' }
  /** WordPress `pending`: waiting for an editor's review. */
  | { kind: 'pending' }
  /** Ghost `visibility` `members`, `paid` or `tiers`, or a value this blog does not know. */
  | { kind: 'members' }
  | { kind: 'paid' }
  | { kind: 'tiers' }
  | { kind: 'visibility'; value: string }
  /** Scheduled at the source, but the file has no moment for it. */
  | { kind: 'undated-schedule' };

type SourceKind = TransferDocument['source']['kind'];

/**
 * The access notes of parsed posts. Kept beside the document, not in it: the transfer document is
 * also this blog's own file format, and who could read a post at the source is not part of it. The
 * parsers make such a post a draft in the document itself, so a note lost on the way leaves the post
 * a draft, only with the plain draft reason.
 */
const notes = new WeakMap<TransferPost, SourceAccess>();

/**
 * A parsed post the source kept from some readers: a draft copy of it (never scheduled either), noted
 * with `access` as the reason. The parsers put the copy in the document.
 */
export function withheldAtSource(post: TransferPost, access: SourceAccess): TransferPost {
  const draft: TransferPost = { ...post, published: false, scheduledAt: null };
  notes.set(draft, access);
  return draft;
}

const SOURCE_NAME: Record<SourceKind, string> = {
  wordpress: 'w WordPressie',
  ghost: 'w Ghoście',
  blog: 'w eksporcie bloga',
};

const AS_DRAFT = 'zaimportowany jako szkic';
const AS_SCHEDULED = 'zaimportowany jako zaplanowany';

/** The moments in the reasons: as the panel shows them, dd.MM.yyyy HH:mm in Polish time. */
const shown = warsawMinute;

/** The reasons a post is not public after an import (Polish, shown in the panel and printed by the CLI). */
export const WITHHELD_REASON = {
  access(access: SourceAccess): string {
    switch (access.kind) {
      case 'password':
        return `Wpis chroniony hasłem w WordPressie — ${AS_DRAFT}`;
      case 'private':
        return `Wpis prywatny w WordPressie — ${AS_DRAFT}`;
      case 'pending':
        return `Wpis oczekujący na przegląd w WordPressie — ${AS_DRAFT}`;
      case 'members':
        return `Wpis tylko dla członków w Ghoście — ${AS_DRAFT}`;
      case 'paid':
        return `Wpis tylko dla płacących subskrybentów w Ghoście — ${AS_DRAFT}`;
      case 'tiers':
        return `Wpis tylko dla wybranych planów subskrypcji w Ghoście — ${AS_DRAFT}`;
      case 'visibility':
        return `Wpis o nieznanej widoczności „${oneLine(access.value).slice(0, 50)}” w Ghoście — ${AS_DRAFT}`;
      case 'undated-schedule':
        return `Wpis zaplanowany bez daty publikacji — ${AS_DRAFT}`;
    }
  },
  draft: (source: SourceKind) => `Szkic ${SOURCE_NAME[source]} — ${AS_DRAFT}`,
  scheduled: (source: SourceKind, at: Date) =>
    `Wpis zaplanowany ${SOURCE_NAME[source]} na ${shown(at)} — ${AS_SCHEDULED}`,
  schedulePassed: (source: SourceKind, at: Date) =>
    `Wpis zaplanowany ${SOURCE_NAME[source]} na ${shown(at)}, ale ta data już minęła — ${AS_DRAFT}`,
  scheduleTooFar: (source: SourceKind, at: Date) =>
    `Wpis zaplanowany ${SOURCE_NAME[source]} na ${shown(at)}, ponad 10 lat naprzód — ${AS_DRAFT}`,
  publishedAndScheduled: `Wpis w pliku jest zarazem opublikowany i zaplanowany — ${AS_DRAFT}`,
  undated: `Wpis opublikowany bez daty — ${AS_DRAFT}`,
  tooOld: (at: Date) => `Wpis opublikowany z datą ${shown(at)}, sprzed 1970 roku — ${AS_DRAFT}`,
  tooFar: (at: Date) => `Wpis opublikowany z datą ${shown(at)}, ponad 10 lat naprzód — ${AS_DRAFT}`,
} as const;

/**
 * The sane range of a date readers would see: strictly after 1970-01-01T00:00:00Z and at most 10
 * years after the import. The epoch itself is out: the parsers give a post with no date at all
 * (WordPress `0000-00-00 00:00:00`) that moment, and it must not come in published as 1970. Ten years
 * ahead leaves room for a date mistyped by a year or two, but not for `9999-12-31`, which would pin
 * the post on top of every list for good.
 */
export const tenYearsAfter = (now: Date): Date => {
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() + 10);
  return limit;
};

/** How a post of the file comes in: public, scheduled or a draft, and why when it is not public. */
export interface ImportedPublication {
  published: boolean;
  scheduledAt: Date | null;
  /** Null for a post that comes in public. */
  reason: string | null;
}

const draft = (reason: string): ImportedPublication => ({ published: false, scheduledAt: null, reason });

/** The rule above for one post of a `source` document, imported at `now`. */
export function importedPublication(post: TransferPost, source: SourceKind, now: Date): ImportedPublication {
  const access = notes.get(post);
  if (access) return draft(WITHHELD_REASON.access(access));
  const latest = tenYearsAfter(now).getTime();
  if (post.scheduledAt) {
    const at = new Date(post.scheduledAt);
    if (post.published) return draft(WITHHELD_REASON.publishedAndScheduled);
    if (at.getTime() <= now.getTime()) return draft(WITHHELD_REASON.schedulePassed(source, at));
    if (at.getTime() > latest) return draft(WITHHELD_REASON.scheduleTooFar(source, at));
    return { published: false, scheduledAt: at, reason: WITHHELD_REASON.scheduled(source, at) };
  }
  if (!post.published) return draft(WITHHELD_REASON.draft(source));
  const shownDate = new Date(post.createdAt);
  if (shownDate.getTime() === 0) return draft(WITHHELD_REASON.undated);
  if (shownDate.getTime() < 0) return draft(WITHHELD_REASON.tooOld(shownDate));
  if (shownDate.getTime() > latest) return draft(WITHHELD_REASON.tooFar(shownDate));
  return { published: true, scheduledAt: null, reason: null };
}
