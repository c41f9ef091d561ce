import type { Category } from '@blog/shared';
import { HStack } from '@chakra-ui/react';
import { CategoryFilterSelect, sortChange, SortSelect, StatusFilterSelect } from '../shell/list-select.tsx';
import {
  SUBSCRIPTION_LIST_DEFAULTS,
  SUBSCRIPTION_SORTS,
  SUBSCRIPTION_STATUS_LABELS,
} from './subscriptions-filter.ts';

export interface SubscriptionsFilterValues {
  category?: string;
  status?: string;
  sort?: string;
  order?: string;
}

/**
 * Category, status and sort of „Subskrypcje”; each change is the URL's. „Oczekuje na potwierdzenie”
 * is offered while double opt-in is on (or when the URL already asks for it).
 */
export function SubscriptionsToolbar({
  values,
  categories,
  doubleOptIn,
  onChange,
}: {
  values: SubscriptionsFilterValues;
  categories: Category[] | undefined;
  doubleOptIn: boolean;
  onChange: (change: SubscriptionsFilterValues) => void;
}) {
  const sort = `${values.sort ?? SUBSCRIPTION_LIST_DEFAULTS.sort}:${values.order ?? SUBSCRIPTION_LIST_DEFAULTS.order}`;
  const statuses = Object.entries(SUBSCRIPTION_STATUS_LABELS).filter(
    ([status]) => status !== 'pending' || doubleOptIn || values.status === 'pending',
  );
  return (
    <HStack gap="3" flexWrap="wrap">
      <CategoryFilterSelect
        value={values.category}
        categories={categories}
        onChange={(category) => onChange({ category })}
      />
      <StatusFilterSelect
        value={values.status}
        options={statuses}
        onChange={(status) => onChange({ status })}
        width="60"
      />
      <SortSelect
        label="Sortuj subskrypcje"
        value={sort}
        options={SUBSCRIPTION_SORTS}
        onChange={(value) => onChange(sortChange(value, SUBSCRIPTION_LIST_DEFAULTS))}
        width="48"
      />
    </HStack>
  );
}
