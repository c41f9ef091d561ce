import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What one operation's cases got back: counts by status class, by mutation kind, and the failures. */
export interface OperationReport {
  operation: string;
  roles: Record<string, number>;
  /** The status of the unmutated request per role. */
  control: Record<string, number>;
  requests: number;
  statuses: Record<string, number>;
  kinds: Record<string, number>;
  serverErrors: number;
  contractBreaks: number;
  badErrorBodies: number;
  failures: string[];
}

export function newReport(operation: string): OperationReport {
  return {
    operation,
    roles: {},
    control: {},
    requests: 0,
    statuses: {},
    kinds: {},
    serverErrors: 0,
    contractBreaks: 0,
    badErrorBodies: 0,
    failures: [],
  };
}

const add = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

export function record(
  report: OperationReport,
  role: string,
  kind: string,
  status: number,
  failure: { type: 'server' | 'contract' | 'error-body'; text: string } | undefined,
) {
  report.requests += 1;
  add(report.roles, role);
  add(report.kinds, kind);
  add(report.statuses, String(status));
  if (!failure) return;
  if (failure.type === 'server') report.serverErrors += 1;
  if (failure.type === 'contract') report.contractBreaks += 1;
  if (failure.type === 'error-body') report.badErrorBodies += 1;
  if (report.failures.length < 20) report.failures.push(failure.text);
}

const classOf = (statuses: Record<string, number>, digit: string) =>
  Object.entries(statuses)
    .filter(([status]) => status.startsWith(digit))
    .reduce((sum, [, count]) => sum + count, 0);

const byRole = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([role, value]) => `${role} ${value}`)
    .join(', ');

/** A Markdown table (one row per operation) and the raw counts as JSON, side by side. */
export function writeReport(
  file: string,
  reports: OperationReport[],
  settings: { seed: number; runs: number; concurrency: number; planned: number },
) {
  mkdirSync(path.dirname(file), { recursive: true });
  const total = (pick: (report: OperationReport) => number) =>
    reports.reduce((sum, report) => sum + pick(report), 0);
  const lines = [
    '# Contract fuzzing',
    '',
    `Seed ${settings.seed}, ${settings.runs} cases per operation with the role it needs plus a quarter as many`,
    `with the other side (anonymous for protected calls, a subscriber for public ones); one mutation per case.`,
    `Reproduce: \`FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.runs} FUZZ_CONCURRENCY=${settings.concurrency} npx vitest run --project api api/test/fuzz\``,
    `(${settings.concurrency} requests in flight; with 1 the order, and so the state each case meets, is the same every run).`,
    '',
    `Operations: ${reports.length} of ${settings.planned}; requests: ${total((r) => r.requests)}; 5xx: ${total((r) => r.serverErrors)};`,
    `contract breaks: ${total((r) => r.contractBreaks)}; errors without a JSON message: ${total((r) => r.badErrorBodies)}.`,
    '',
    '"Unchanged" is the status of the valid request itself (per role), sent before the mutated ones: a 2xx',
    'there shows that the cases reach the handler rather than all stopping at a check in front of it.',
    '',
    '| Operation | Requests | By role | Unchanged | 2xx | 3xx | 4xx | 5xx | Contract breaks | Bad error bodies |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...reports
      .map((r) =>
        [
          r.operation,
          r.requests,
          byRole(r.roles),
          byRole(r.control),
          classOf(r.statuses, '2'),
          classOf(r.statuses, '3'),
          classOf(r.statuses, '4'),
          r.serverErrors,
          r.contractBreaks,
          r.badErrorBodies,
        ].join(' | '),
      )
      .map((row) => `| ${row} |`),
    '',
  ];
  writeFileSync(file, lines.join('\n'));
  writeFileSync(file.replace(/\.md$/, '.json'), `${JSON.stringify({ ...settings, reports }, null, 2)}\n`);
}
