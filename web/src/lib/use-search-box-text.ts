import { useState } from 'react';

/**
 * The text of a search box whose search lives in the URL (`query`). The box follows the URL when it
 * changes without typing (Back, a clearing button), but stays as it is when it already says the same
 * thing (a trailing space being typed) and when the URL only caught up with text the box itself sent
 * (`sent`), however late and in whatever steps it does: the letters typed since (a slow phone draws
 * the list while the reader types on) are kept. Adjusting state during render when an input changes,
 * as React recommends instead of an effect.
 */
export function useSearchBoxText(query: string) {
  const [text, setText] = useState(query);
  // What the box has sent and the URL has not shown yet, oldest first.
  const [pending, setPending] = useState<readonly string[]>([]);
  const [mirrored, setMirrored] = useState(query);
  if (query !== mirrored) {
    setMirrored(query);
    const sentAt = pending.indexOf(query);
    setPending(sentAt < 0 ? [] : pending.slice(sentAt + 1));
    if (sentAt < 0 && text.trim() !== query) setText(query);
  }
  const sent = (next: string) => setPending((list) => [...list, next]);
  return { text, setText, sent };
}
