import type { components } from '@blog/openapi';
import type { ImportJobRow } from './import-jobs.service.ts';

type ImportJob = components['schemas']['ImportJob'];

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

/** A job as the panel shows it (contract ImportJob). */
export function presentImportJob(row: ImportJobRow): ImportJob {
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    fileName: row.file_name,
    fileSize: Number(row.file_size),
    progress: { stage: row.stage, done: row.done, total: row.total },
    result: row.report,
    error: row.error,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}
