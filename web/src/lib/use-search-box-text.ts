import { useState } from 'react';

/**
 * The text of a search box whose search lives in the URL (`query`). The box follows the URL when it
 * changes without typing (Back, a clearing button), but stays as it is when it already says the same
 * thing (a trailing space being typed) and when the URL only caught up with text the box itself sent
 * (`sent`): the letters typed since (a slow phone draws the list while the reader types on) are kept.
 * Adjusting state during render when an input changes, as React recommends instead of an effect.
 */
export function useSearchBoxText(query: string) {
  const [text, setText] = useState(query);
  const [sentText, setSentText] = useState<string | undefined>(undefined);
  const [mirrored, setMirrored] = useState(query);
  if (query !== mirrored) {
    setMirrored(query);
    setSentText(undefined);
    if (query !== sentText && text.trim() !== query) setText(query);
  }
  return { text, setText, sent: setSentText };
}
