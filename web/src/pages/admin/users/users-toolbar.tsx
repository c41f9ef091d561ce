import { HStack } from '@chakra-ui/react';
import { ListSelect, sortChange } from '../shell/list-select.tsx';
import { ROLE_LABELS, ROLE_OPTIONS } from './user-labels.ts';
import { USER_LIST_DEFAULTS, USER_SORTS } from './users-filter.ts';

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
      <ListSelect
        label="Filtruj według roli"
        value={values.role ?? 'all'}
        onChange={(value) => onChange({ role: value === 'all' ? undefined : value })}
        width="48"
      >
        <option value="all">Wszystkie role</option>
        {ROLE_OPTIONS.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </ListSelect>
      <ListSelect
        label="Filtruj według statusu"
        value={values.status ?? 'all'}
        onChange={(value) => onChange({ status: value === 'all' ? undefined : value })}
        width="44"
      >
        <option value="all">Wszystkie statusy</option>
        <option value="active">Aktywny</option>
        <option value="inactive">Nieaktywny</option>
      </ListSelect>
      <ListSelect
        label="Sortuj użytkowników"
        value={sort}
        onChange={(value) => onChange(sortChange(value, USER_LIST_DEFAULTS))}
        width="56"
      >
        {USER_SORTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </ListSelect>
    </HStack>
  );
}
