import { Box, Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { paginationItems } from '../lib/pagination.ts';

interface PaginationProps {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/** Page links of the public list (spec §9); hidden when everything fits on one page. */
export function Pagination({ currentPage, totalPages, onPageChange }: PaginationProps) {
  if (totalPages <= 1) return null;
  const isFirst = currentPage <= 1;
  const isLast = currentPage >= totalPages;

  return (
    <Box as="nav" aria-label="Paginacja">
      <HStack as="ul" listStyleType="none" gap="1.5" justify="center" flexWrap="wrap">
        <li>
          <IconButton
            aria-label="Poprzednia strona"
            variant="outline"
            size="sm"
            disabled={isFirst}
            onClick={() => onPageChange(currentPage - 1)}
          >
            <ChevronLeft />
          </IconButton>
        </li>
        {paginationItems(currentPage, totalPages).map((item) =>
          item.type === 'ellipsis' ? (
            <li key={`ellipsis-${item.key}`} aria-hidden="true">
              <Text px="1.5" color="fg.subtle">
                …
              </Text>
            </li>
          ) : (
            <li key={item.page}>
              <Button
                size="sm"
                minWidth="9"
                variant={item.page === currentPage ? 'solid' : 'ghost'}
                colorPalette="brand"
                aria-label={`Strona ${item.page}`}
                aria-current={item.page === currentPage ? 'page' : undefined}
                onClick={() => {
                  if (item.page !== currentPage) onPageChange(item.page);
                }}
              >
                {item.page}
              </Button>
            </li>
          ),
        )}
        <li>
          <IconButton
            aria-label="Następna strona"
            variant="outline"
            size="sm"
            disabled={isLast}
            onClick={() => onPageChange(currentPage + 1)}
          >
            <ChevronRight />
          </IconButton>
        </li>
      </HStack>
    </Box>
  );
}
