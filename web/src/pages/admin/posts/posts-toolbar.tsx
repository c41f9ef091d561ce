import type { Category } from '@blog/openapi';
import { HStack, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { POST_STATUS_LABELS } from './posts-filter.ts';

/** The list's sorts as one choice each: `field:order`. */
export const POST_SORTS = [
  { value: 'createdAt:desc', label: 'Najnowsze' },
  { value: 'createdAt:asc', label: 'Najstarsze' },
  { value: 'updatedAt:desc', label: 'Ostatnio zmienione' },
  { value: 'title:asc', label: 'Tytuł A–Z' },
  { value: 'title:desc', label: 'Tytuł Z–A' },
] as const;

function Select({
  label,
  value,
  onChange,
  children,
  width = '52',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  width?: string;
}) {
  return (
    <NativeSelect.Root width={{ base: 'full', sm: width }}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

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
      <Select
        label="Filtruj według kategorii"
        value={values.category ?? 'all'}
        onChange={(value) => onChange({ category: value === 'all' ? undefined : value })}
        width="56"
      >
        <option value="all">Wszystkie kategorie</option>
        {(categories ?? []).map((item) => (
          <option key={item.id} value={item.id}>
            {item.enabled ? item.name : `${item.name} (ukryta)`}
          </option>
        ))}
      </Select>
      <Select
        label="Filtruj według statusu"
        value={values.status ?? 'all'}
        onChange={(value) => onChange({ status: value === 'all' ? undefined : value })}
        width="44"
      >
        <option value="all">Wszystkie statusy</option>
        {Object.entries(POST_STATUS_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
      <Select
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
      </Select>
      <Select
        label="Sortuj posty"
        value={sort}
        onChange={(value) => {
          const [field, order] = value.split(':');
          onChange({
            sort: field === 'createdAt' ? undefined : field,
            order: order === 'desc' && field === 'createdAt' ? undefined : order,
          });
        }}
        width="48"
      >
        {POST_SORTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </HStack>
  );
}
