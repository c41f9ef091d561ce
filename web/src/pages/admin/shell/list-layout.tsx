import { Box, Skeleton, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ListSearch } from './list-search.tsx';

interface ListControlsProps {
  /** The search the URL holds now. */
  query: string | undefined;
  onSearch: (text: string) => void;
  placeholder: string;
  label: string;
  /** The list's filter toolbar, under the search box. */
  children: ReactNode;
}

/** Above a server-side admin list: its search box, then its filters. */
export function ListControls({ query, onSearch, placeholder, label, children }: ListControlsProps) {
  return (
    <Stack gap="3">
      <Box maxWidth="md">
        <ListSearch value={query} onSearch={onSearch} placeholder={placeholder} label={label} />
      </Box>
      {children}
    </Stack>
  );
}

/** Where an admin list's rows will be while its page loads: five grey rows, announced as loading. */
export function ListLoading({ label, rowHeight }: { label: string; rowHeight: string }) {
  return (
    <Stack gap="2" aria-busy="true" aria-label={label}>
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height={rowHeight} />
      ))}
    </Stack>
  );
}
