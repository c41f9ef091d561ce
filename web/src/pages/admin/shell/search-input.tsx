import { Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';

interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The accessible name (the placeholder is not one). */
  label: string;
}

/** The admin lists' search field: a magnifier and a search input that filters as one types. */
export function SearchInput({ value, onChange, placeholder, label }: SearchInputProps) {
  return (
    <InputGroup startElement={<Search size={16} aria-hidden="true" />}>
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
      />
    </InputGroup>
  );
}
