import { Card, Skeleton, Stat } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One count of the dashboard; a skeleton until known, a dash when it could not be loaded. */
export function StatCard({
  label,
  value,
  loading,
  children,
}: {
  label: string;
  /** A number, or a text such as „ponad 10 000” for a list's capped total. */
  value: number | string | undefined;
  loading: boolean;
  children?: ReactNode;
}) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          {loading ? <Skeleton height="8" width="16" /> : <Stat.ValueText>{value ?? '—'}</Stat.ValueText>}
        </Stat.Root>
        {/* Outside Stat.Root: it is a <dl>, which may hold only its term and value. */}
        {children}
      </Card.Body>
    </Card.Root>
  );
}
