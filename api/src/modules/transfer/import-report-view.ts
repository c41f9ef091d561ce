import type { components } from '@blog/shared';
import { contractSchema } from '../../http/contract-schemas.ts';
import { fitToSchema, type FitNotes } from '../../http/fit-to-schema.ts';

type ImportResult = components['schemas']['ImportResult'];

export interface ReportView {
  result: ImportResult | null;
  /** What had to change, by path (`report.renamedSlugs[3].from: cut to 200 characters`); empty when it fit. */
  notes: string[];
}

/**
 * A stored import report (the `report` column) as the contract's ImportResult, whatever the row holds:
 * a report written by an older importer, or one holding a value over a limit (a 600-character slug),
 * once made every answer of the import history a 500 for ever, since the response no longer matched
 * the contract. The contract's own schema decides what fits (http/fit-to-schema.ts), so a list added
 * to the report is shown as soon as the contract has it. Without its source (required) the report
 * cannot be told apart from any other: none of it is shown.
 */
export function importReportView(stored: unknown): ReportView {
  if (stored === null || stored === undefined) return { result: null, notes: [] };
  const notes: FitNotes = [];
  const result = fitToSchema(stored, contractSchema('ImportResult'), 'report', notes) as
    ImportResult | undefined;
  if (result === undefined) return { result: null, notes: [...notes, 'report: not shown'] };
  return { result, notes };
}
