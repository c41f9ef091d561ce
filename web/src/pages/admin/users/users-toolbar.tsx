import { HStack } from '@chakra-ui/react';
import { FilterSelect, sortChange, SortSelect, StatusFilterSelect } from '../shell/list-select.tsx';
import { ROLE_LABELS, ROLE_OPTIONS } from './user-labels.ts';
import { USER_LIST_DEFAULTS, USER_SORTS } from './users-filter.ts';

const USER_STATUS_OPTIONS = [
  ['active', 'Aktywny'],
  ['inactive', 'Nieaktywny'],
] as const;

export interface UsersFilterValues {
  role?: string;
  status?: string;
  sort?: string;
  order?: string;
}

/** Role, status and sort of „Zarządzanie użytkownikami”; each change is the URL's. */
export function UsersToolbar({
  values,
  onChange,
}: {
  values: UsersFilterValues;
  onChange: (change: UsersFilterValues) => void;
}) {
  const sort = `${values.sort ?? USER_LIST_DEFAULTS.sort}:${values.order ?? USER_LIST_DEFAULTS.order}`;
  return (
    <HStack gap="3" flexWrap="wrap">
      <FilterSelect
        label="Filtruj według roli"
        value={values.role}
        allLabel="Wszystkie role"
        options={ROLE_OPTIONS.map((role) => [role, ROLE_LABELS[role]] as const)}
        onChange={(role) => onChange({ role })}
        width="48"
      />
      <StatusFilterSelect
        value={values.status}
        options={USER_STATUS_OPTIONS}
        onChange={(status) => onChange({ status })}
        width="44"
      />
      <SortSelect
        label="Sortuj użytkowników"
        value={sort}
        options={USER_SORTS}
        onChange={(value) => onChange(sortChange(value, USER_LIST_DEFAULTS))}
        width="56"
      />
    </HStack>
  );
}
