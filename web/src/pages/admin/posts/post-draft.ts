import { localClockTime } from '../../../lib/dates.ts';
import type { PostEditorValues } from './post.form.ts';

/**
 * Autosave of the post editor in the browser: what the person typed, kept in localStorage
 * per post (`new` for a post not saved yet) until a save succeeds, so a crash, a closed tab or a lost
 * connection loses nothing. The server's copy is never touched by it.
 */
export interface PostDraft {
  values: PostEditorValues;
  /** When it was kept (ms since the epoch). */
  savedAt: number;
  /** The post's version the edit started from (undefined for a new post). */
  baseVersion?: number;
}

/** Typing pause after which the form is kept, and the longest it goes unkept while typing. */
export const AUTOSAVE_PAUSE_MS = 800;
export const AUTOSAVE_INTERVAL_MS = 3000;

export const draftKey = (postId: number | undefined) => `blog:post-draft:${postId ?? 'new'}`;

const isDraft = (value: unknown): value is PostDraft => {
  const draft = value as PostDraft | null;
  return (
    typeof draft === 'object' &&
    draft !== null &&
    typeof draft.savedAt === 'number' &&
    typeof draft.values === 'object' &&
    draft.values !== null &&
    typeof draft.values.title === 'string' &&
    typeof draft.values.content === 'string' &&
    Array.isArray(draft.values.categories) &&
    Array.isArray(draft.values.tags)
  );
};

/** The kept draft of a post, or null (none, unreadable, or storage unavailable). */
export function readDraft(storage: Storage | undefined, key: string): PostDraft | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Keeps the draft; false when the browser refused (storage full or disabled). */
export function writeDraft(storage: Storage | undefined, key: string, draft: PostDraft): boolean {
  try {
    storage?.setItem(key, JSON.stringify(draft));
    return storage !== undefined;
  } catch {
    return false;
  }
}

export function clearDraft(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/** The offer shown on reopening: „Przywrócić niezapisane zmiany z HH:MM?” */
export const recoveryQuestion = (draft: PostDraft) =>
  `Przywrócić niezapisane zmiany z ${localClockTime(draft.savedAt)}?`;

/** localStorage when the browser allows it (private modes and tests may not). */
export function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
