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
