import { Box, Button, HStack, IconButton } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageLinks } from './posts-filter.ts';

/** Paging of an admin list: previous, at most 5 page numbers, next. */
export function AdminPageLinks({
  page,
  totalPages,
  onPageChange,
  label = 'Paginacja postów',
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** The navigation's name, one per list. */
  label?: string;
}) {
  const links = pageLinks(page, totalPages);
  if (links.length === 0) return null;
  return (
    <Box as="nav" aria-label={label}>
      <HStack gap="1.5" justify="center" flexWrap="wrap">
        <IconButton
          aria-label="Poprzednia strona"
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft />
        </IconButton>
        {links.map((number) => (
          <Button
            key={number}
            size="sm"
            minWidth="9"
            variant={number === page ? 'solid' : 'ghost'}
            colorPalette="brand"
            aria-label={`Strona ${number}`}
            aria-current={number === page ? 'page' : undefined}
            onClick={() => onPageChange(number)}
          >
            {number}
          </Button>
        ))}
        <IconButton
          aria-label="Następna strona"
          variant="outline"
          size="sm"
          disabled={page >= totalPages}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRight />
        </IconButton>
      </HStack>
    </Box>
  );
}
