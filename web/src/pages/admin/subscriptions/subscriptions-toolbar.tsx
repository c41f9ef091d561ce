import type { Category } from '@blog/openapi';
import { HStack } from '@chakra-ui/react';
import { ListSelect, sortChange } from '../shell/list-select.tsx';
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
      <ListSelect
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
      </ListSelect>
      <ListSelect
        label="Filtruj według statusu"
        value={values.status ?? 'all'}
        onChange={(value) => onChange({ status: value === 'all' ? undefined : value })}
        width="60"
      >
        <option value="all">Wszystkie statusy</option>
        {statuses.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </ListSelect>
      <ListSelect
        label="Sortuj subskrypcje"
        value={sort}
        onChange={(value) => onChange(sortChange(value, SUBSCRIPTION_LIST_DEFAULTS))}
        width="48"
      >
        {SUBSCRIPTION_SORTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </ListSelect>
    </HStack>
  );
}
