import type { ImportJob, ImportResult } from '@blog/shared';
import { Alert, Box, List, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { ImportLossesList } from './import-losses-list.tsx';
import { ImportWithheldList } from './import-withheld-list.tsx';
import { ImportAccountsList } from './import-accounts-list.tsx';

const STATUS: Record<ImportJob['status'], string> = {
  queued: 'Import czeka w kolejce…',
  running: 'Trwa import…',
  done: 'Import zakończony',
  failed: 'Import nieudany',
};

const COUNTS: [keyof ImportResult['created'], string][] = [
  ['posts', 'Wpisy'],
  ['authors', 'Autorzy'],
  ['categories', 'Kategorie'],
  ['tags', 'Tagi'],
  ['comments', 'Komentarze'],
  ['images', 'Obrazy'],
];

const SOURCE: Record<ImportResult['source']['kind'], string> = {
  wordpress: 'WordPress',
  ghost: 'Ghost',
  blog: 'eksport tego bloga',
};

/** What the worker is doing now, in words and (while posts are imported) as a bar. */
function JobProgress({ job }: { job: ImportJob }) {
  const { stage, done, total } = job.progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Progress.Root value={stage === 'posts' ? percent : null} aria-label="Postęp importu">
      <Progress.Label mb="2">
        {stage === 'posts'
          ? `Wpisy: ${done} z ${total}`
          : stage === 'reading'
            ? 'Odczyt pliku…'
            : 'Czeka na wolny proces…'}
      </Progress.Label>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

function Counts({ result }: { result: ImportResult }) {
  return (
    <Table.Root size="sm" variant="outline" aria-label="Zaimportowane obiekty">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader />
          <Table.ColumnHeader textAlign="end">Nowe</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Już były (bez zmian)</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {COUNTS.map(([key, label]) => (
          <Table.Row key={key}>
            <Table.Cell>{label}</Table.Cell>
            <Table.Cell textAlign="end">{result.created[key]}</Table.Cell>
            <Table.Cell textAlign="end">{result.unchanged[key]}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function Section({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <Box>
      <Text fontWeight="semibold" mb="1">
        {title} ({items.length})
      </Text>
      <List.Root ps="5" gap="1" fontSize="sm">
        {items.map((item, index) => (
          <List.Item key={index}>{item}</List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

/** One import: its status, progress while it runs, then the counts, renames and skips, or the error. */
export function ImportJobView({ job }: { job: ImportJob }) {
  const result = job.result;
  return (
    <Stack gap="4" aria-live="polite" data-testid="import-job">
      <Text fontWeight="semibold">
        {STATUS[job.status]} — {job.fileName}
      </Text>
      {(job.status === 'queued' || job.status === 'running') && <JobProgress job={job} />}
      {job.status === 'failed' && (
        <Alert.Root status="error" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Nic nie zaimportowano</Alert.Title>
            <Alert.Description>{job.error}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {job.reportNotice && (
        // The API cut or left out what of the stored report no longer fits; the rest follows.
        <Alert.Root status="warning" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{job.reportNotice}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {result && (
        <>
          <Text color="fg.muted">
            Źródło: {SOURCE[result.source.kind]} ({result.source.site})
          </Text>
          <Counts result={result} />
          <Section
            title="Zmienione adresy"
            items={result.renamedSlugs.map((slug) => `${slug.from} → ${slug.to}`)}
          />
          <ImportWithheldList withheld={result.withheld} />
          <Section
            title="Pominięte"
            items={result.skipped.map(
              (item) => `${item.title ? `„${item.title}”` : item.sourceId}: ${item.reason}`,
            )}
          />
          <Section
            title="Oczyszczony HTML (usunięto skrypty lub niedozwolone elementy)"
            items={result.sanitized.map((post) => post.title)}
          />
          <ImportLossesList losses={result.losses} />
          <ImportAccountsList jobId={job.id} accounts={result.accounts} />
        </>
      )}
    </Stack>
  );
}
