import type { Category } from '@blog/shared';
import { HStack } from '@chakra-ui/react';
import { CategoryFilterSelect, ListSelect, SortSelect, StatusFilterSelect } from '../shell/list-select.tsx';
import { POST_STATUS_LABELS } from './posts-filter.ts';

/** The list's sorts as one choice each: `field:order`. */
export const POST_SORTS = [
  { value: 'createdAt:desc', label: 'Najnowsze' },
  { value: 'createdAt:asc', label: 'Najstarsze' },
  { value: 'updatedAt:desc', label: 'Ostatnio zmienione' },
  { value: 'title:asc', label: 'Tytuł A–Z' },
  { value: 'title:desc', label: 'Tytuł Z–A' },
] as const;

export interface PostsFilterValues {
  status?: string;
  category?: string;
  author?: string;
  sort?: string;
  order?: string;
}

/** Status, category, author and sort of „Wszystkie posty”; each change is the URL's. */
export function PostsToolbar({
  values,
  categories,
  userId,
  authorName,
  onChange,
}: {
  values: PostsFilterValues;
  categories: Category[] | undefined;
  userId: number | undefined;
  /** The name of the author filtered on, when it is someone else (picked from the author column). */
  authorName: string | undefined;
  onChange: (change: PostsFilterValues) => void;
}) {
  const sort = `${values.sort ?? 'createdAt'}:${values.order ?? 'desc'}`;
  const author = values.author ?? 'all';
  return (
    <HStack gap="3" flexWrap="wrap">
      <CategoryFilterSelect
        value={values.category}
        categories={categories}
        onChange={(category) => onChange({ category })}
      />
      <StatusFilterSelect
        value={values.status}
        options={Object.entries(POST_STATUS_LABELS)}
        onChange={(status) => onChange({ status })}
        width="44"
      />
      <ListSelect
        label="Filtruj według autora"
        value={author}
        onChange={(value) => onChange({ author: value === 'all' ? undefined : value })}
        width="48"
      >
        <option value="all">Wszyscy autorzy</option>
        {userId !== undefined && <option value={String(userId)}>Moje posty</option>}
        {author !== 'all' && author !== String(userId) && (
          <option value={author}>{authorName ?? `Autor #${author}`}</option>
        )}
      </ListSelect>
      <SortSelect
        label="Sortuj posty"
        value={sort}
        onChange={(value) => {
          const [field, order] = value.split(':');
          onChange({
            sort: field === 'createdAt' ? undefined : field,
            order: order === 'desc' && field === 'createdAt' ? undefined : order,
          });
        }}
        options={POST_SORTS}
        width="48"
      />
    </HStack>
  );
}
