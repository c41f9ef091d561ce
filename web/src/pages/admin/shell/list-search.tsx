import { useEffect, useRef } from 'react';
import { useSearchBoxText } from '../../../lib/use-search-box-text.ts';
import { SearchInput } from './search-input.tsx';

const SEARCH_DEBOUNCE_MS = 300;

interface ListSearchProps {
  /** The search the URL holds now. */
  value: string | undefined;
  /** Writes the typed text (trimmed) to the URL, a short pause after the last key. */
  onSearch: (text: string) => void;
  placeholder: string;
  label: string;
}

/**
 * The search box of a server-side admin list: typing is immediate in the box, the server is asked a
 * moment after the last key; when the URL changes without typing (Back) the box follows it, but letters
 * typed while the list caught up stay.
 */
export function ListSearch({ value, onSearch, placeholder, label }: ListSearchProps) {
  const query = value ?? '';
  const { text, setText, sent } = useSearchBoxText(query);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <SearchInput
      value={text}
      onChange={(next) => {
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          if (next.trim() === query) return;
          sent(next.trim());
          onSearch(next.trim());
        }, SEARCH_DEBOUNCE_MS);
      }}
      placeholder={placeholder}
      label={label}
    />
  );
}
