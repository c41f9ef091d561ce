import type { ImageLogEntry } from '@blog/shared';
import { Link, Table, Text } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { formatLogDate, imagePreviewUrl } from './log-view.ts';

/** The images tab: date, original file name, post and a preview link per upload. */
export function ImageLogTable({ entries }: { entries: ImageLogEntry[] }) {
  if (entries.length === 0) return <Text color="fg.muted">Brak wpisów do wyświetlenia</Text>;
  return (
    <Table.Root size="sm" variant="line">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Data</Table.ColumnHeader>
          <Table.ColumnHeader>Nazwa pliku</Table.ColumnHeader>
          <Table.ColumnHeader>Post</Table.ColumnHeader>
          <Table.ColumnHeader>Podgląd</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entries.map((entry, index) => (
          <Table.Row key={`${index}-${entry.databasePath}`}>
            <Table.Cell whiteSpace="nowrap">{formatLogDate(entry.timestamp)}</Table.Cell>
            <Table.Cell wordBreak="break-all">{entry.originalFilename}</Table.Cell>
            <Table.Cell>{entry.postTitle ?? '—'}</Table.Cell>
            <Table.Cell>
              <Link
                href={imagePreviewUrl(entry.databasePath)}
                target="_blank"
                rel="noopener noreferrer"
                color="brand.700"
              >
                Podgląd
                <ExternalLink size={14} aria-hidden="true" />
              </Link>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
