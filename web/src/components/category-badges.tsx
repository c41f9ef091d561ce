import { categoryPath } from '@blog/shared/addresses';
import { Badge, Wrap } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

interface CategoryBadgesProps {
  categories: ReadonlyArray<{ id: number; name: string }>;
  size?: 'sm' | 'md';
}

/** The categories of a post, each a link to its category page. */
export function CategoryBadges({ categories, size = 'sm' }: CategoryBadgesProps) {
  if (categories.length === 0) return null;
  return (
    <Wrap gap="1.5" aria-label="Kategorie">
      {categories.map((category) => (
        <Badge
          key={category.id}
          asChild
          colorPalette="brand"
          variant="subtle"
          size={size}
          borderRadius="full"
          px="2.5"
          // Above a card's overlay link: a click on the badge opens the category, not the article.
          position="relative"
          zIndex="1"
          _hover={{ textDecoration: 'underline' }}
        >
          <RouterLink to={categoryPath(category)}>{category.name}</RouterLink>
        </Badge>
      ))}
    </Wrap>
  );
}
