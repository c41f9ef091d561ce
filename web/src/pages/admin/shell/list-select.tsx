import type { Category } from '@blog/shared';
import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One filter or sort of an admin list's toolbar: a native select named by its label. */
export function ListSelect({
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

/** A sort choice `field:order` as the URL's two values; what the server assumes leaves the URL. */
export function sortChange(value: string, defaults: { sort: string; order: string }) {
  const [field = defaults.sort, order = defaults.order] = value.split(':');
  return {
    sort: field === defaults.sort ? undefined : field,
    order: order === defaults.order ? undefined : order,
  };
}

/** „Wszystkie …” or one of the options; „all” leaves the URL (undefined). */
export function FilterSelect({
  label,
  value,
  allLabel,
  options,
  onChange,
  width,
}: {
  label: string;
  value: string | undefined;
  allLabel: string;
  options: readonly (readonly [value: string, label: string])[];
  onChange: (value: string | undefined) => void;
  width?: string;
}) {
  return (
    <ListSelect
      label={label}
      value={value ?? 'all'}
      onChange={(next) => onChange(next === 'all' ? undefined : next)}
      width={width}
    >
      <option value="all">{allLabel}</option>
      {options.map(([optionValue, optionLabel]) => (
        <option key={optionValue} value={optionValue}>
          {optionLabel}
        </option>
      ))}
    </ListSelect>
  );
}

/** The category filter of the posts and subscriptions lists; a hidden category says so. */
export function CategoryFilterSelect({
  value,
  categories,
  onChange,
}: {
  value: string | undefined;
  categories: Category[] | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const options = (categories ?? []).map(
    (item) => [String(item.id), item.enabled ? item.name : `${item.name} (ukryta)`] as const,
  );
  return (
    <FilterSelect
      label="Filtruj według kategorii"
      value={value}
      allLabel="Wszystkie kategorie"
      options={options}
      onChange={onChange}
      width="56"
    />
  );
}

/** The status filter of the posts, subscriptions and users lists. */
export function StatusFilterSelect({
  value,
  options,
  onChange,
  width,
}: {
  value: string | undefined;
  options: readonly (readonly [value: string, label: string])[];
  onChange: (value: string | undefined) => void;
  width: string;
}) {
  return (
    <FilterSelect
      label="Filtruj według statusu"
      value={value}
      allLabel="Wszystkie statusy"
      options={options}
      onChange={onChange}
      width={width}
    />
  );
}

/** A list's sorts, one choice per `field:order`. */
export function SortSelect({
  label,
  value,
  options,
  onChange,
  width,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  width?: string;
}) {
  return (
    <ListSelect label={label} value={value} onChange={onChange} width={width}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </ListSelect>
  );
}
