import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadResult } from './load-generator.ts';
import type { StatementPlan } from './query-plans.ts';
import type { SeedSummary } from './seed-data.ts';
import type { WebBundleReport } from './web-bundle-size.ts';
import type { BrowserDownloads, LighthouseScore } from './browser-metrics.ts';
import type { CacheMissFigures, DraftSaves } from './write-load.ts';

export interface ScenarioResult {
  name: string;
  description: string;
  /** The first path requested (post-detail and post-html rotate over many). */
  path: string;
  pathCount: number;
  connections: number;
  /** X-Total-Count of the sample answer, for list scenarios. */
  totalCount?: number;
  /** Why the scenario was not loaded (a call this branch does not answer yet). */
  notAvailable?: string;
  load?: LoadResult;
  /** The same paths, same bytes, from a bare Node http server, in the same run. */
  ceiling?: LoadResult;
  /** API req/s ÷ ceiling req/s. */
  shareOfCeiling?: number;
  /** The API's highest resident memory while this scenario loaded it (MB). */
  apiRssPeakMb?: number;
  statements: StatementPlan[];
}

export interface BenchResults {
  schemaVersion: 2;
  date: string;
  machine: {
    cpuModel: string;
    cpuCount: number;
    totalMemoryGb: number;
    loadAverage1m: number;
    loadAverage1mAtEnd: number;
    os: string;
    node: string;
    postgres: string;
  };
  commit: string;
  settings: {
    posts: number;
    subscriptions: number;
    durationSeconds: number;
    warmupSeconds: number;
    connections: number[];
    seed: number;
  };
  seed: SeedSummary & { subscriptions: number; subscriptionsNote?: string };
  process: {
    coldStartMs: number;
    rssIdleMb?: number;
    rssPeakUnderLoadMb: number;
    rssAfterLoadMb?: number;
    /** The worker beside it: the read load gives it no jobs (bench:notifications loads it). */
    worker?: { coldStartMs: number; rssIdleMb?: number; rssPeakMb: number };
  };
  scenarios: ScenarioResult[];
  /** No statement of a search read the posts by a sequential scan (its indexes answered it). */
  searchUsesIndex: boolean;
  webBundle: WebBundleReport;
  browser: BrowserDownloads;
  lighthouse: LighthouseScore[];
  /** The admin saves of the "+draft-saves" scenarios. */
  draftSaves?: DraftSaves;
  /** The first render of `/` and an article after a change a reader sees. */
  cacheMisses?: CacheMissFigures[];
  benchSeconds: number;
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
      'conns',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors / non-2xx',
      'ceiling req/s',
      'ceiling p99 ms',
      '% of ceiling',
      'API RSS peak MB',
    ],
    ...results.scenarios.map((scenario) => {
      const { load, ceiling } = scenario;
      if (!load || !ceiling) {
        return [
          scenario.name,
          String(scenario.connections),
          `not available: ${scenario.notAvailable ?? '?'}`,
          '',
          '',
          '',
          '',
          '',
          '',
          '',
        ];
      }
      // Nothing finished: percentiles of no requests would read as "0 ms", the opposite of the truth.
      const shown = (value: number) => (load.totalRequests > 0 ? value.toFixed(2) : '—');
      return [
        scenario.name,
        String(scenario.connections),
        load.requestsPerSecond.toFixed(0),
        shown(load.latencyMs.p50),
        shown(load.latencyMs.p99),
        `${load.errors} / ${load.non2xx}`,
        ceiling.requestsPerSecond.toFixed(0),
        ceiling.latencyMs.p99.toFixed(2),
        `${((scenario.shareOfCeiling ?? 0) * 100).toFixed(1)}%`,
        scenario.apiRssPeakMb === undefined ? '—' : scenario.apiRssPeakMb.toFixed(0),
      ];
    }),
  ]);
}

/** What makes a scenario's figures suspect: no answer, errors, or posts read by a sequential scan. */
export function scenarioWarnings(results: ScenarioResult[]): string[] {
  const warnings: string[] = [];
  for (const result of results) {
    if (!result.load) continue;
    if (result.load.totalRequests === 0) {
      warnings.push(`${result.name} @${result.connections}: no request finished`);
    }
    if (result.load.errors > 0 || result.load.non2xx > 0) {
      warnings.push(
        `${result.name} @${result.connections}: ${result.load.errors} errors, ${result.load.non2xx} non-2xx (${JSON.stringify(result.load.statusCodes)})`,
      );
    }
    const searching = result.name.startsWith('search');
    for (const statement of result.statements) {
      if (statement.seqScans.includes('posts') && (searching || !statement.label.endsWith('(count)'))) {
        warnings.push(`${result.name}: ${statement.label} reads posts by a sequential scan`);
      }
    }
  }
  return warnings;
}

/** The post editor screen's JavaScript, gzip (also measured by bench:editor). */
export const EDITOR_JS_BUDGET_KB = 450;

export function processSummary(results: BenchResults): string {
  const { process: proc, browser } = results;
  const lines = [
    `- API cold start (spawn → first /readyz 200): ${proc.coldStartMs} ms`,
    `- API RSS: idle ${proc.rssIdleMb ?? '?'} MB, peak under load ${proc.rssPeakUnderLoadMb} MB, idle after load ${proc.rssAfterLoadMb ?? '?'} MB`,
  ];
  if (proc.worker) {
    lines.push(
      `- Worker (compiled, beside the API): ready in ${proc.worker.coldStartMs} ms; RSS idle ${proc.worker.rssIdleMb ?? '?'} MB, ` +
        `peak during the read load ${proc.worker.rssPeakMb} MB (no jobs: bench:notifications loads the worker)`,
    );
  }
  if (browser.available) {
    for (const page of browser.pages) {
      lines.push(
        `- Chromium downloads for ${new URL(page.url).pathname}: ${kb(page.jsCssEncodedBytes)} of JS+CSS on the wire ` +
          `(${kb(page.jsCssDecodedBytes)} decoded, ${page.files.length} files: ${page.files.map((f) => `${f.url} ${kb(f.encodedBytes)}`).join(', ')})`,
      );
      if (new URL(page.url).pathname.startsWith('/admin/posts/edit/')) {
        const scripts = page.files.filter((file) => file.type === 'script');
        const bytes = scripts.reduce((sum, file) => sum + file.encodedBytes, 0);
        lines.push(
          `- Editor screen JavaScript (the ${scripts.length} chunks its route loads, gzip on the wire): ${kb(bytes)}, ` +
            `budget ≤ ${EDITOR_JS_BUDGET_KB} kB: ${bytes <= EDITOR_JS_BUDGET_KB * 1024 ? 'within' : 'OVER'}`,
        );
      }
    }
  } else lines.push(`- Chromium downloads: unavailable (${browser.reason})`);
  if (results.draftSaves) {
    const saves = results.draftSaves;
    lines.push(
      `- Draft saves beside the "+draft-saves" scenarios: ${saves.saves} (${saves.failed} failed), p50 ${saves.p50Ms} ms each`,
    );
  }
  for (const miss of results.cacheMisses ?? []) {
    lines.push(
      `- First render after a change, ${miss.path}: p50 ${miss.miss.p50} ms, p95 ${miss.miss.p95} ms ` +
        `(${miss.rounds} changes; the cached answer after it: p50 ${miss.hit.p50} ms)`,
    );
  }
  for (const score of results.lighthouse) {
    lines.push(
      `- Lighthouse mobile performance ${new URL(score.url).pathname}: ${score.performance ?? 'none'}` +
        (score.metrics
          ? ` (${Object.entries(score.metrics)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')})`
          : '') +
        (score.error ? ` — ${score.error}` : ''),
    );
  }
  return lines.join('\n');
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
      `${machine.totalMemoryGb} GB · load ${machine.loadAverage1m} at start, ${machine.loadAverage1mAtEnd} at end · ` +
      `Node ${machine.node} · ${machine.postgres} · whole run ${results.benchSeconds} s`,
    '',
    `Data: ${seed.posts} posts (${seed.drafts} drafts, ${seed.postsWithPlantedWord} with the planted word, ` +
      `${seed.contentMegabytes} MB of HTML), ${seed.categories} categories (${seed.hiddenCategories} hidden), ` +
      `${seed.tags} tags, ${seed.authors} authors, ${seed.comments} comments, ${seed.subscriptions} subscriptions` +
      `${seed.subscriptionsNote ? ` (${seed.subscriptionsNote})` : ''}; seeded in ${seed.seedSeconds} s.`,
    '',
    `Load: autocannon in a child process, ${settings.warmupSeconds} s warm-up then ${settings.durationSeconds} s ` +
      `per scenario and connection level; the API in its own process (NODE_ENV=production, LOG_LEVEL=info to /dev/null); ` +
      `the ceiling is a bare Node http server answering the same recorded bytes from memory, loaded right after.`,
    '',
    loadTable(results),
    '',
    ...results.scenarios
      .filter(
        (scenario) => scenario.totalCount !== undefined && scenario.connections === settings.connections[0],
      )
      .map((scenario) => `- ${scenario.name}: ${scenario.description}; X-Total-Count ${scenario.totalCount}`),
    '',
    processSummary(results),
    '',
    results.warnings.length > 0 ? `**Warnings**\n\n${results.warnings.map((w) => `- ${w}`).join('\n')}` : '',
    '',
    '## JavaScript the home page loads at start (from index.html)',
    '',
    bundleSection(results.webBundle),
    '',
    '## Query plans (EXPLAIN ANALYZE, BUFFERS; one run each, warm cache)',
    '',
    `Search reads the posts through its indexes, no sequential scan: ${results.searchUsesIndex ? 'yes' : '**no**'}`,
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
