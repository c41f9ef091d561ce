import type { components } from '@blog/shared';
import { textLength } from '@blog/shared/rules';
import type { ImportJobRow } from './import-jobs.service.ts';
import { importReportView } from './import-report-view.ts';

type ImportJob = components['schemas']['ImportJob'];

/** Said in the job's row when part of its stored report could not be shown (import-report-view.ts). */
export const IMPORT_REPORT_INCOMPLETE =
  'Części raportu tego importu nie da się pokazać (zapisane dane są niepełne lub za długie). Pokazujemy resztę.';

/** The contract's limits on a job's own texts: a stored value over one is cut, as the report's are. */
const FILE_NAME_MAX = 255;
const ERROR_MAX = 2000;

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function cut(value: string, max: number, path: string, notes: string[]): string {
  if (textLength(value) <= max) return value;
  notes.push(`${path}: cut to ${max} characters`);
  return [...value].slice(0, max).join('');
}

/**
 * A job as the panel shows it (contract ImportJob). Whatever its stored row holds, the answer fits the
 * contract, so one bad row cannot turn the whole history into a 500; `onNormalized` hears what had to
 * change (the router logs it).
 */
export function presentImportJob(
  row: ImportJobRow,
  onNormalized: (notes: string[]) => void = () => undefined,
): ImportJob {
  const { result, notes } = importReportView(row.report);
  const fileName = cut(row.file_name, FILE_NAME_MAX, 'fileName', notes);
  const error = row.error === null ? null : cut(row.error, ERROR_MAX, 'error', notes);
  if (notes.length > 0) onNormalized(notes);
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    fileName,
    fileSize: Number(row.file_size),
    // Counts are never negative in the contract; a row that says otherwise shows 0.
    progress: { stage: row.stage, done: Math.max(0, row.done), total: Math.max(0, row.total) },
    result,
    reportNotice: notes.length > 0 ? IMPORT_REPORT_INCOMPLETE : null,
    error,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}
