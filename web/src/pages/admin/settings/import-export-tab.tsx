import { importFileProblem } from '@blog/shared/rules';
import { Button, Card, Field, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { EXPORT_URL, uploadImport, useImportJob, useImportJobs } from '../../../api/imports.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { showError } from '../../../lib/toast.ts';
import { ImportJobView } from './import-result.tsx';

function ImportCard() {
  const { jobs, error: listError } = useImportJobs();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [uploadedId, setUploadedId] = useState<number>();
  // The job just uploaded, else the newest one (an import still running when the tab is opened again).
  const { job, error } = useImportJob(uploadedId ?? jobs?.[0]?.id);
  const busy = sent !== null || job?.status === 'queued' || job?.status === 'running';
  // Said before the upload: the server's refusal of a too large file may reach the browser as a reset.
  const problem = file ? importFileProblem(file) : null;

  async function start() {
    if (!file || problem) return;
    setSent(0);
    try {
      setUploadedId((await uploadImport(file, setSent)).id);
    } catch (failure) {
      showError('Import nieudany', errorMessage(failure));
    } finally {
      setSent(null);
    }
  }

  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Card.Title as="h2">Import</Card.Title>
        <Card.Description>
          Przenieś wpisy z innego bloga: eksport WordPressa (Narzędzia → Eksport, plik XML), eksport Ghosta
          (Settings → Labs → Export, plik JSON) albo eksport tego bloga (plik ZIP). Najwyżej 100 MB.
          Importowanie tego samego pliku drugi raz niczego nie zmienia, a zaimportowane wpisy nie wysyłają
          powiadomień.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }}>
            <Field.Root invalid={problem !== null} disabled={busy}>
              <Input
                type="file"
                aria-label="Plik eksportu"
                accept=".xml,.json,.zip"
                p="1"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
              <Field.ErrorText>{problem}</Field.ErrorText>
            </Field.Root>
            <Button
              colorPalette="brand"
              onClick={() => void start()}
              disabled={!file || problem !== null || busy}
            >
              <Upload /> Importuj
            </Button>
          </Stack>
          {sent !== null && (
            <Progress.Root value={sent} aria-label="Wysyłanie pliku">
              <Progress.Label mb="2">Wysyłanie pliku… {sent}%</Progress.Label>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          {(error ?? listError) && (
            <LoadError title="Nie udało się pobrać stanu importu" error={error ?? listError} />
          )}
          {job && <ImportJobView job={job} />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ExportCard() {
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Card.Title as="h2">Eksport</Card.Title>
        <Card.Description>
          Cały blog w jednym pliku ZIP: wpisy, kategorie, tagi, autorzy, komentarze i obrazy. Ten plik można
          zaimportować z powrotem tutaj albo poleceniem npm run import.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="2" align="flex-start">
          <Button asChild variant="outline">
            <a href={EXPORT_URL} download>
              <Download /> Eksportuj
            </a>
          </Button>
          <Text color="fg.muted" fontSize="sm">
            Hasła kont i adresy subskrybentów nie trafiają do eksportu.
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Ustawienia → „Import i eksport” (admin only): bring a blog in, take this one out. */
export function ImportExportTab() {
  return (
    <Stack gap="6">
      <ImportCard />
      <ExportCard />
    </Stack>
  );
}
