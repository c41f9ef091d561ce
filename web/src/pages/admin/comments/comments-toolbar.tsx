import { HStack, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { COMMENT_SORTS, COMMENT_STATUS_LABELS, sortChange } from './comments-filter.ts';

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <NativeSelect.Root width={{ base: 'full', sm: '52' }}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export interface CommentsFilterValues {
  status?: string;
  sort?: string;
  order?: string;
}

/** Status („Oczekujące” with the queue's length) and sort of the comments screen; each change is the URL's. */
export function CommentsToolbar({
  values,
  pending,
  onChange,
}: {
  values: CommentsFilterValues;
  /** How many comments wait for approval (whatever the filters). */
  pending: number | undefined;
  onChange: (change: CommentsFilterValues) => void;
}) {
  return (
    <HStack gap="3" flexWrap="wrap">
      <Select
        label="Filtruj według statusu"
        value={values.status ?? 'all'}
        onChange={(value) => onChange({ status: value === 'all' ? undefined : value })}
      >
        <option value="all">Wszystkie komentarze</option>
        <option value="approved">{COMMENT_STATUS_LABELS.approved}</option>
        <option value="pending">
          {COMMENT_STATUS_LABELS.pending}
          {pending ? ` (${pending})` : ''}
        </option>
      </Select>
      <Select
        label="Sortuj komentarze"
        value={`${values.sort ?? 'createdAt'}:${values.order ?? 'desc'}`}
        onChange={(value) => onChange(sortChange(value))}
      >
        {COMMENT_SORTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </HStack>
  );
}
