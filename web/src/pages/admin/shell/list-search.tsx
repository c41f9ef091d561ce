import { useEffect, useRef, useState } from 'react';
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
 * moment after the last key; when the URL changes without typing (Back) the box follows it.
 */
export function ListSearch({ value, onSearch, placeholder, label }: ListSearchProps) {
  const query = value ?? '';
  const [text, setText] = useState(query);
  const [mirrored, setMirrored] = useState(query);
  if (query !== mirrored) {
    setMirrored(query);
    if (text.trim() !== query) setText(query);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <SearchInput
      value={text}
      onChange={(next) => {
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          if (next.trim() !== query) onSearch(next.trim());
        }, SEARCH_DEBOUNCE_MS);
      }}
      placeholder={placeholder}
      label={label}
    />
  );
}
