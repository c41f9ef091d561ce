import type { ContentLoss, WordCount } from './import-fidelity.ts';

/**
 * An imported post that did not come in whole: the elements, shortcodes, blocks and cards of the file
 * it no longer has (by name, with how many), and how many of its words it kept. `title` is the title
 * it has here.
 */
export interface PostLosses {
  sourceId: string;
  title: string;
  lost: ContentLoss[];
  words: WordCount;
}

/** One object of the file that was not imported, and why (shown to the admin as it is). */
export interface SkippedItem {
  kind: 'post' | 'comment' | 'image' | 'author' | 'category' | 'tag';
  sourceId: string;
  /** The post it belongs to (or its own title), to find it in the old blog. */
  title: string;
  reason: string;
}

/**
 * A post that is not public after the import, and why (Polish): every one the source kept from some
 * readers, planned for later or left a draft, and every one whose date is out of the sane range
 * (import-privacy.ts, docs/importing.md). `title` is the title it has here.
 */
export interface WithheldPost {
  sourceId: string;
  title: string;
  reason: string;
}

/** A slug that was taken here, and the one the imported post got instead. */
export interface RenamedSlug {
  sourceId: string;
  from: string;
  to: string;
}

/** Whether the source blog let the account sign in: `unknown` when the format does not say (WXR). */
export type SourceAccountState = 'active' | 'inactive' | 'unknown';

/**
 * An author of the file as it became an account here. `created`: a new account, inactive until an
 * admin activates it or maps it to an existing account (an import never lets anyone sign in);
 * `matched`: the author's e-mail is an account's that was already here, which gets the posts and
 * nothing else (its role and state stay as they are).
 */
export interface ImportedAccount {
  sourceId: string;
  userId: number;
  outcome: 'created' | 'matched';
  username: string;
  displayName: string | null;
  email: string | null;
  sourceState: SourceAccountState;
  /** The username the file asked for, when the account got another one, and why. */
  renamedFrom: string | null;
  renameReason: 'taken' | 'lookAlike' | null;
  /** The display name the file asked for, when it looked like another account's and got a suffix. */
  displayNameFrom: string | null;
  /** The account's state now: at the import, then as the panel reads it (activated, mapped, removed). */
  state: 'inactive' | 'active' | 'removed';
  /** Once an admin mapped the imported account to an existing one: that account. */
  mappedTo: { id: number; username: string } | null;
}

export interface ImportCounts {
  posts: number;
  authors: number;
  categories: number;
  tags: number;
  comments: number;
  images: number;
}

/** What an import did: new objects per kind, those already imported before, renames, skips and withheld posts. */
export interface ImportReport {
  source: { kind: 'wordpress' | 'ghost' | 'blog'; site: string };
  created: ImportCounts;
  /** Objects of the file found from an earlier import of it: left as they are. */
  unchanged: ImportCounts;
  renamedSlugs: RenamedSlug[];
  skipped: SkippedItem[];
  /** Imported posts readers cannot see (drafts and scheduled ones), each with its reason. */
  withheld: WithheldPost[];
  /** Posts whose HTML lost something on the way in (scripts, frames, handlers, styles). */
  sanitized: { sourceId: string; title: string }[];
  /** Every imported post that lost an element, a shortcode, a card or a word on the way in. */
  losses: PostLosses[];
  /** Every account the import created and every author matched to an existing account by e-mail. */
  accounts: ImportedAccount[];
}

export const zeroCounts = (): ImportCounts => ({
  posts: 0,
  authors: 0,
  categories: 0,
  tags: 0,
  comments: 0,
  images: 0,
});

/** Reports a post of the file that is not imported (a page, a trashed or e-mail-only post). */
export function skipPost(skipped: SkippedItem[], sourceId: string, title: string, reason: string): void {
  skipped.push({ kind: 'post', sourceId, title, reason });
}

/** Why a page, menu item or other non-post is left out. */
export const notAPost = (type: string) => `Typ „${type}” (tylko wpisy są importowane).`;
