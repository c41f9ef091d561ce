import { FALLBACK_AUTHOR_NAME } from './site.ts';

export interface AuthorLike {
  displayName?: string | null;
  username?: string | null;
  role?: string | null;
}

/** Byline role label (spec §2): publishers are „Redaktor” here, unlike the user table's „Wydawca”. */
export function authorRoleLabel(role: string | null | undefined): string {
  switch (role) {
    case 'admin':
      return 'Administrator';
    case 'publisher':
      return 'Redaktor';
    default:
      return 'Użytkownik';
  }
}

export function authorName(author: AuthorLike | null | undefined): string {
  return author?.displayName?.trim() || author?.username?.trim() || FALLBACK_AUTHOR_NAME;
}
