import { Badge, Wrap } from '@chakra-ui/react';

interface CategoryBadgesProps {
  categories: ReadonlyArray<{ id: number; name: string }>;
  size?: 'sm' | 'md';
}

export function CategoryBadges({ categories, size = 'sm' }: CategoryBadgesProps) {
  if (categories.length === 0) return null;
  return (
    <Wrap gap="1.5" aria-label="Kategorie">
      {categories.map((category) => (
        <Badge
          key={category.id}
          colorPalette="brand"
          variant="subtle"
          size={size}
          borderRadius="full"
          px="2.5"
        >
          {category.name}
        </Badge>
      ))}
    </Wrap>
  );
}
