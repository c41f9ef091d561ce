import { diffWords } from 'diff';
import { htmlToPlainText } from './post-conflict.ts';

export interface DiffPart {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

/**
 * Word by word, what changed from the revision's text to the current one: `added` words are in the
 * current text only, `removed` words only in the revision. Compared as plain text (what a reader reads).
 */
export function revisionDiff(revisionHtml: string, currentHtml: string): DiffPart[] {
  return diffWords(htmlToPlainText(revisionHtml), htmlToPlainText(currentHtml)).map((change) => ({
    text: change.value,
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
  }));
}

/** How many words each side gained or lost, for the summary line. */
export function diffCounts(parts: DiffPart[]): { added: number; removed: number } {
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
  return parts.reduce(
    (counts, part) => ({
      added: counts.added + (part.kind === 'added' ? words(part.text) : 0),
      removed: counts.removed + (part.kind === 'removed' ? words(part.text) : 0),
    }),
    { added: 0, removed: 0 },
  );
}
