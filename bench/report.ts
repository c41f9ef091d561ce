import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadResult } from './load-generator.ts';
import type { StatementPlan } from './query-plans.ts';
import type { SeedSummary } from './seed-data.ts';
import type { WebBundleReport } from './web-bundle-size.ts';

export interface ScenarioResult {
  name: string;
  description: string;
  /** The first path requested (post-detail rotates over many). */
  path: string;
  pathCount: number;
  /** X-Total-Count of the sample answer, for list scenarios. */
  totalCount?: number;
  /** Median of 5 requests one after another on an idle server. */
  unloadedMs: number;
  load: LoadResult;
  /** This scenario against the mean of the two baseline runs: lower req/s ratio and higher p50 ratio = costlier. */
  vsBaseline: { requestsPerSecond: number; p50: number };
  statements: StatementPlan[];
}

export interface BenchResults {
  schemaVersion: 1;
  date: string;
  machine: {
    cpuModel: string;
    cpuCount: number;
    totalMemoryGb: number;
    loadAverage1m: number;
    os: string;
    node: string;
    postgres: string;
  };
  commit: string;
  settings: {
    posts: number;
    durationSeconds: number;
    warmupSeconds: number;
    connections: number;
    seed: number;
  };
  seed: SeedSummary;
  baseline: { requestsPerSecond: number; p50: number; driftPercent: number };
  scenarios: ScenarioResult[];
  searchUsesTrigramIndex: boolean;
  webBundle: WebBundleReport;
  warnings: string[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function table(rows: string[][]): string {
  const [header, ...body] = rows;
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
}

export function loadTable(results: BenchResults): string {
  return table([
    [
      'scenario',
      'req/s',
      'p50 ms',
      'p99 ms',
      'requests',
      'errors (timeouts) / non-2xx',
      'req/s ÷ baseline',
      'p50 ÷ baseline',
      '1 request alone, ms',
    ],
    ...results.scenarios.map((scenario) => {
      // Nothing finished: percentiles of no requests would read as "0 ms", the opposite of the truth.
      const finished = scenario.load.totalRequests > 0;
      const shown = (value: string) => (finished ? value : '—');
      return [
        scenario.name,
        scenario.load.requestsPerSecond.toFixed(finished ? 0 : 1),
        shown(scenario.load.latencyMs.p50.toFixed(2)),
        shown(scenario.load.latencyMs.p99.toFixed(2)),
        String(scenario.load.totalRequests),
        `${scenario.load.errors} (${scenario.load.timeouts}) / ${scenario.load.non2xx}`,
        scenario.vsBaseline.requestsPerSecond.toFixed(3),
        shown(scenario.vsBaseline.p50.toFixed(1)),
        scenario.unloadedMs.toFixed(2),
      ];
    }),
  ]);
}

function bundleSection(report: WebBundleReport): string {
  if (!report.available) return `JavaScript size unavailable: ${report.reason}`;
  const initial = table([
    ['file loaded at start', 'raw', 'gzip -9'],
    ...report.initial.files.map((file) => [file.file, kb(file.rawBytes), kb(file.gzipBytes)]),
    ['**total**', `**${kb(report.initial.rawBytes)}**`, `**${kb(report.initial.gzipBytes)}**`],
  ]);
  const lazy =
    report.lazy.length === 0
      ? 'No lazy chunks.'
      : table([
          ['lazy chunk (not loaded at start)', 'raw', 'gzip -9'],
          ...report.lazy.map((file) => [file.file, kb(file.rawBytes), kb(file.gzipBytes)]),
        ]);
  return `${initial}\n\n${lazy}`;
}

function plansSection(results: BenchResults): string {
  const summary = table([
    ['scenario', 'statement', 'exec ms', 'indexes', 'seq scans'],
    ...results.scenarios.flatMap((scenario) =>
      scenario.statements.map((statement) => [
        scenario.name,
        statement.label,
        statement.executionMs.toFixed(2),
        statement.indexes.join(', ') || '—',
        statement.seqScans.join(', ') || '—',
      ]),
    ),
  ]);
  const plans = results.scenarios.flatMap((scenario) =>
    scenario.statements
      .filter((statement) => statement.plan)
      .map(
        (statement) =>
          `<details><summary>${scenario.name}: ${statement.label}</summary>\n\n\`\`\`\n${statement.sql}\n\n${statement.plan}\n\`\`\`\n\n</details>`,
      ),
  );
  return [summary, '', ...plans].join('\n');
}

export function renderMarkdown(results: BenchResults): string {
  const { machine, seed, settings } = results;
  return [
    '# Benchmark: public reading side',
    '',
    `${results.date} · commit ${results.commit} · ${machine.cpuCount}× ${machine.cpuModel} · ` +
      `${machine.totalMemoryGb} GB · load ${machine.loadAverage1m} · Node ${machine.node} · ${machine.postgres}`,
    '',
    `Data: ${seed.posts} posts (${seed.drafts} drafts, ${seed.postsWithPlantedWord} with the planted word, ` +
      `${seed.contentMegabytes} MB of HTML), ${seed.categories} categories (${seed.hiddenCategories} hidden), ` +
      `${seed.tags} tags, ${seed.authors} authors, ${seed.comments} comments; seeded in ${seed.seedSeconds} s, ` +
      `VACUUM (ANALYZE) ${seed.vacuumSeconds} s.`,
    '',
    `Load: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ` +
      `${settings.durationSeconds} s per scenario; autocannon in a child process. Baseline /healthz ` +
      `${results.baseline.requestsPerSecond.toFixed(0)} req/s, p50 ${results.baseline.p50.toFixed(2)} ms ` +
      `(drift between its two runs ${results.baseline.driftPercent.toFixed(1)}%).`,
    '',
    loadTable(results),
    '',
    ...results.scenarios
      .filter((scenario) => scenario.totalCount !== undefined)
      .map((scenario) => `- ${scenario.name}: ${scenario.description}; X-Total-Count ${scenario.totalCount}`),
    '',
    results.warnings.length > 0 ? `**Warnings**\n\n${results.warnings.map((w) => `- ${w}`).join('\n')}` : '',
    '',
    '## JavaScript the home page downloads',
    '',
    bundleSection(results.webBundle),
    '',
    '## Query plans (EXPLAIN ANALYZE, BUFFERS; one run each, warm cache)',
    '',
    `Search uses the trigram index posts_search_text_trgm_idx: ${results.searchUsesTrigramIndex ? 'yes' : '**no**'}`,
    '',
    plansSection(results),
    '',
  ].join('\n');
}

export async function writeResults(dir: string, results: BenchResults): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const jsonFile = path.join(dir, 'latest.json');
  const mdFile = path.join(dir, 'latest.md');
  await writeFile(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(mdFile, renderMarkdown(results));
  return [jsonFile, mdFile];
}
