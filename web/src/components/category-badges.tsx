import { categoryPath } from '@blog/shared/addresses';
import { Link as RouterLink } from 'react-router';

interface CategoryBadgesProps {
  categories: ReadonlyArray<{ id: number; name: string }>;
  size?: 'sm' | 'md';
}

/** The categories of a post, each a link to its category page (styled by theme/public-static.css). */
export function CategoryBadges({ categories, size = 'sm' }: CategoryBadgesProps) {
  if (categories.length === 0) return null;
  return (
    <div className="category-badges" aria-label="Kategorie">
      {categories.map((category) => (
        // Above a card's overlay link: a click on the badge opens the category, not the article.
        <RouterLink
          key={category.id}
          className={size === 'md' ? 'category-badge category-badge--md' : 'category-badge'}
          to={categoryPath(category)}
        >
          {category.name}
        </RouterLink>
      ))}
    </div>
  );
}
