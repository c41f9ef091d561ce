/** Shown as the author when a post has no author (its account was removed or never set). */
export const FALLBACK_AUTHOR_NAME = 'Redakcja';

export interface AuthorLike {
  displayName?: string | null;
  username?: string | null;
}

/** The name a reader sees for a post's author (the web's cards and byline). */
export function authorName(author: AuthorLike | null | undefined): string {
  return author?.displayName?.trim() || author?.username?.trim() || FALLBACK_AUTHOR_NAME;
}
