/** The figures of `npm run bench:collab` (bench/collab.ts): a phase's rounds combined, and the report. */
import { percentile } from './stats.ts';

export const round = (value: number) => Math.round(value * 10) / 10;
const median = (values: number[]) =>
  round(
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    ),
  );

export interface Latency {
  pairs: number;
  p50: number;
  p95: number;
  max: number;
}
export const latency = (values: number[]): Latency => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    pairs: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1) ?? 0),
  };
};

export interface PhaseResult {
  name: string;
  posts: number;
  editors: number;
  keystrokesPerSecond: number;
  measuredSeconds: number;
  latency: { all: Latency; sameProcess: Latency; crossProcess: Latency };
  /** Deliveries seen / expected (keystrokes × the other editors of their post). */
  delivered: number;
  expected: number;
  processes: { cpuPercent: number; rssBeforeMb: number; rssAfterMb: number; rssPerDocumentKb: number }[];
  /** This process's CPU (the editors' clients, all in one event loop). */
  clientsCpuPercent: number;
}

/** A phase's rounds as one: medians of the rounds' p50, p95 and CPU, the highest max, sums of counts. */
export function combine(rounds: PhaseResult[]): PhaseResult & { rounds: PhaseResult[] } {
  const first = rounds[0]!;
  const combined = (pick: (result: PhaseResult) => Latency): Latency => ({
    pairs: rounds.reduce((sum, result) => sum + pick(result).pairs, 0),
    p50: median(rounds.map((result) => pick(result).p50)),
    p95: median(rounds.map((result) => pick(result).p95)),
    max: Math.max(...rounds.map((result) => pick(result).max)),
  });
  return {
    ...first,
    measuredSeconds: round(rounds.reduce((sum, result) => sum + result.measuredSeconds, 0)),
    latency: {
      all: combined((result) => result.latency.all),
      sameProcess: combined((result) => result.latency.sameProcess),
      crossProcess: combined((result) => result.latency.crossProcess),
    },
    delivered: rounds.reduce((sum, result) => sum + result.delivered, 0),
    expected: rounds.reduce((sum, result) => sum + result.expected, 0),
    processes: first.processes.map((_, n) => ({
      cpuPercent: median(rounds.map((result) => result.processes[n]!.cpuPercent)),
      rssBeforeMb: first.processes[n]!.rssBeforeMb,
      rssAfterMb: rounds.at(-1)!.processes[n]!.rssAfterMb,
      rssPerDocumentKb: median(rounds.map((result) => result.processes[n]!.rssPerDocumentKb)),
    })),
    clientsCpuPercent: median(rounds.map((result) => result.clientsCpuPercent)),
    rounds,
  };
}

export function markdown(report: {
  measuredAt: string;
  cpus: number;
  node: string;
  seconds: number;
  rounds: number;
  perSecond: number;
  targetP95Ms: number;
  loadAverage: { start: number[]; end: number[] };
  phases: PhaseResult[];
}): string {
  const figures = ({ pairs, p50, p95, max }: Latency) => (pairs ? `${p50} / ${p95} / ${max}` : '—');
  const lines = [
    '# Co-editing: remote keystroke latency, CPU and memory (two API processes)',
    '',
    `Measured ${report.measuredAt} on ${report.cpus} CPUs, Node ${report.node}, on a shared machine: load average ` +
      `${report.loadAverage.start.join(' ')} at the start, ${report.loadAverage.end.join(' ')} at the end ` +
      '(1, 5, 15 min). `npm run bench:collab` (bench/collab.ts): the compiled API as two production processes ' +
      'on one database and Redis prefix, the editors (Hocuspocus providers) in the bench process, each typing ' +
      `${report.perSecond} letters a second into its own paragraph of the post, ${report.seconds} s a phase in ${report.rounds} ` +
      'interleaved rounds (each after a short warm-up). Latency: send → seen by each other editor of the post, ' +
      "ms, p50 / p95 / max (the rounds' median p50 and p95, the highest max). " +
      `Target: p95 ≤ ${report.targetP95Ms} ms on loopback.`,
    '',
    "| phase | posts | editors | keystrokes/s | all | same process | across processes | delivered | CPU A / B | editors' process CPU |",
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...report.phases.map(
      (phase) =>
        `| ${phase.name} | ${phase.posts} | ${phase.editors} | ${phase.keystrokesPerSecond} | ` +
        `${figures(phase.latency.all)} | ${figures(phase.latency.sameProcess)} | ` +
        `${figures(phase.latency.crossProcess)} | ${phase.delivered} / ${phase.expected} | ` +
        `${phase.processes.map(({ cpuPercent }) => `${cpuPercent} %`).join(' / ')} | ${phase.clientsCpuPercent} % |`,
    ),
    '',
    '## Memory (RSS of each API process)',
    '',
    '| phase | documents open per process | A before → after (MB) | B before → after (MB) | per open document (kB, A / B) |',
    '| --- | --- | --- | --- | --- |',
    ...report.phases.map(
      (phase) =>
        `| ${phase.name} | ${phase.posts} | ` +
        phase.processes.map(({ rssBeforeMb, rssAfterMb }) => `${rssBeforeMb} → ${rssAfterMb}`).join(' | ') +
        ` | ${phase.processes.map(({ rssPerDocumentKb }) => rssPerDocumentKb).join(' / ')} |`,
    ),
    '',
    "Per open document: (RSS at the end of a round's typing − RSS before its editors joined) / documents open, " +
      "the rounds' median. It holds the connections too, and heap not yet collected: an upper bound, coarse " +
      '(RSS moves in pages and with the collector) for one document.',
    '',
  ];
  return lines.join('\n');
}
