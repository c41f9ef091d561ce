import type { LogType } from '@blog/shared';
import {
  Alert,
  Box,
  Button,
  Container,
  Field,
  Heading,
  HStack,
  NativeSelect,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { RefreshCw, Trash2 } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { type LogLineCount, useLogs } from '../../api/logs.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ClearLogsDialog } from './logs/clear-logs-dialog.tsx';
import { ImageLogTable } from './logs/image-log-table.tsx';
import { LogLines } from './logs/log-lines.tsx';
import {
  DEFAULT_LOG_LINES,
  entriesLabel,
  LOG_LINE_OPTIONS,
  LOG_TAB_LABELS,
  LOG_TABS,
} from './logs/log-tabs.ts';
import { filterLines, imageEntries } from './logs/log-view.ts';
import { SearchInput } from './shell/search-input.tsx';

function LogPanel({ type, limit, filter }: { type: LogType; limit: LogLineCount; filter: string }) {
  const { logs, error, isLoading } = useLogs(type, limit);
  const lines = useMemo(() => filterLines(logs?.logs ?? [], filter), [logs, filter]);
  const images = useMemo(
    () => (type === 'images' ? imageEntries(lines, filter.trim() ? undefined : logs?.originalLogs) : []),
    [type, lines, logs, filter],
  );

  if (error) {
    return (
      <Alert.Root status="error" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Nie udało się pobrać logów</Alert.Title>
          <Alert.Description>
            {errorMessage(error) || 'Nieznany błąd podczas pobierania logów'}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (isLoading || !logs) return <Text color="fg.muted">Ładowanie logów...</Text>;
  const shown = type === 'images' ? images.length : lines.length;
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        Wyświetlono {shown} z {logs.logs.length} {entriesLabel(logs.logs.length)}
      </Text>
      <Box
        maxH="60vh"
        overflowY="auto"
        borderWidth="1px"
        borderRadius="md"
        p="3"
        bg="white"
        tabIndex={0}
        aria-label={`Log: ${LOG_TAB_LABELS[type]}`}
      >
        {type === 'images' ? <ImageLogTable entries={images} /> : <LogLines lines={lines} />}
      </Box>
    </Stack>
  );
}

/** „Logi systemowe” (admin only): four capped logs, line count, refresh, clear, filter. */
export function AdminLogsPage() {
  useDocumentTitle('Logi systemowe');
  const [type, setType] = useState<LogType>('application');
  const [limit, setLimit] = useState<LogLineCount>(DEFAULT_LOG_LINES);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const [confirmClear, setConfirmClear] = useState<LogType | null>(null);
  const { refresh, isValidating } = useLogs(type, limit);

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack justify="space-between" gap="4" flexWrap="wrap">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            Logi systemowe
          </Heading>
          <HStack gap="3" flexWrap="wrap">
            <Field.Root orientation="horizontal" width="auto" gap="2">
              <Field.Label whiteSpace="nowrap">Liczba linii</Field.Label>
              <NativeSelect.Root size="sm" width="24">
                <NativeSelect.Field
                  value={limit}
                  onChange={(event) => setLimit(Number(event.target.value) as LogLineCount)}
                >
                  {LOG_LINE_OPTIONS.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button size="sm" variant="outline" onClick={() => void refresh()} loading={isValidating}>
              <RefreshCw aria-hidden="true" />
              Odśwież
            </Button>
            <Button size="sm" colorPalette="red" variant="outline" onClick={() => setConfirmClear(type)}>
              <Trash2 aria-hidden="true" />
              Wyczyść
            </Button>
          </HStack>
        </HStack>

        <Box maxWidth="md">
          <SearchInput
            value={filter}
            onChange={setFilter}
            placeholder="Filtruj wpisy..."
            label="Filtruj wpisy"
          />
        </Box>

        <Tabs.Root
          value={type}
          onValueChange={(details) => setType(details.value as LogType)}
          variant="line"
          lazyMount
          unmountOnExit
        >
          <Tabs.List>
            {LOG_TABS.map((tab) => (
              <Tabs.Trigger key={tab} value={tab}>
                {LOG_TAB_LABELS[tab]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {LOG_TABS.map((tab) => (
            <Tabs.Content key={tab} value={tab} pt="4">
              <LogPanel type={tab} limit={limit} filter={deferredFilter} />
            </Tabs.Content>
          ))}
        </Tabs.Root>

        <Text fontSize="sm" color="fg.muted">
          Logi są przechowywane na serwerze, maksymalnie 10 000 wpisów dla każdego typu.
        </Text>
      </Stack>
      <ClearLogsDialog
        type={confirmClear}
        onClose={() => setConfirmClear(null)}
        onCleared={() => void refresh()}
      />
    </Container>
  );
}
