/**
 * Where a public search's time goes, statement by statement: runs listVisiblePosts (page 1 of 6, the
 * count made every time) for each query RUNS times and prints, per statement of a request, its
 * median time as the client sees it (round trip included), and the request's median.
 *
 *   BENCH_SEARCH_DATABASE=postgres://…/db node --import tsx bench/search-profile.ts [query…]
 *   ADMIN=1 …   # the admin posts list's search instead (its first page, sorted by date)
 *   PERCENTILE=95 …   # each figure at this percentile of the runs instead of their median (the tail)
 */
import { Sequelize } from 'sequelize-typescript';
import { MODELS } from '../api/src/db/models.ts';
import { adminPostsQuerySchema, listAdminPostsPage } from '../api/src/modules/posts/admin-posts.list.ts';
import { listVisiblePosts } from '../api/src/modules/posts/posts.service.ts';
import { searchDictionary } from '../api/src/modules/search/post-search.service.ts';
import { requireLoopback } from './bench-services.ts';
import { percentile } from './stats.ts';

const url = process.env.BENCH_SEARCH_DATABASE;
if (!url) throw new Error('BENCH_SEARCH_DATABASE');
requireLoopback(url, 'BENCH_SEARCH_DATABASE');
const RUNS = Number(process.env.RUNS ?? 15);
const queries = process.argv.slice(2);
type Statement = { sql: string; values?: Record<string, unknown>; ms: number; at: number };
let statements: Statement[] = [];
let requestStarted = 0;
const sequelize = new Sequelize(url, {
  dialect: 'postgres',
  define: { underscored: true },
  logging: false,
  models: [...MODELS],
  dialectOptions: { options: '-c jit=off' },
});
// Each statement timed as the caller sees it (sequelize's own benchmark counts whole milliseconds).
const query = sequelize.query.bind(sequelize) as (...args: unknown[]) => Promise<unknown>;
(sequelize as unknown as { query: typeof query }).query = async (...args: unknown[]) => {
  const started = performance.now();
  try {
    return await query(...args);
  } finally {
    const sql = typeof args[0] === 'string' ? args[0] : String(args[0]);
    const values = (args[1] as { replacements?: Record<string, unknown> } | undefined)?.replacements;
    statements.push({ sql, values, ms: performance.now() - started, at: started - requestStarted });
  }
};
const PERCENTILE = Number(process.env.PERCENTILE ?? 50);
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    PERCENTILE,
  );
try {
  await searchDictionary();
  for (const q of queries.length > 0 ? queries : ['grzegzolka', 'praca', 'pracy zdalnej']) {
    const runs: Statement[][] = [];
    const totals: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      statements = [];
      const started = performance.now();
      requestStarted = started;
      if (process.env.ADMIN === '1')
        await listAdminPostsPage({ sequelize }, adminPostsQuerySchema.parse({ q }));
      else await listVisiblePosts({ sequelize }, { q, page: 1, limit: 6 });
      totals.push(performance.now() - started);
      runs.push(statements);
    }
    process.stdout.write(
      `\n${q}: request p${PERCENTILE} ${median(totals).toFixed(1)} ms, ${runs.at(-1)!.length} statements\n`,
    );
    runs.at(-1)!.forEach((statement, index) => {
      const ms = median(runs.map((r) => r[index]?.ms ?? 0));
      const at = median(runs.map((r) => r[index]?.at ?? 0));
      const sql = statement.sql.replace(/^Execut(ed|ing) \([^)]*\): /, '').replace(/\s+/g, ' ');
      process.stdout.write(
        `  at ${at.toFixed(1).padStart(6)}: ${ms.toFixed(1).padStart(6)} ms  ${sql.slice(0, 150)}\n`,
      );
    });
    // EXPLAIN=dir: each SELECT of the request again under EXPLAIN (ANALYZE, BUFFERS), sequential scans
    // off as the stages run, the second of two runs (warm) written to dir.
    if (process.env.EXPLAIN) {
      const { writeFileSync } = await import('node:fs');
      for (const [index, statement] of runs.at(-1)!.entries()) {
        if (!/^\s*(SELECT|WITH)[\s\S]*\bFROM posts\b/.test(statement.sql)) continue;
        const plan = await sequelize.transaction(async (transaction) => {
          await query('SET LOCAL enable_seqscan = off', { transaction });
          let rows: { 'QUERY PLAN': string }[] = [];
          for (let run = 0; run < 2; run++) {
            rows = (await query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, {
              type: 'SELECT',
              replacements: statement.values,
              transaction,
            })) as { 'QUERY PLAN': string }[];
          }
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        });
        const file = `${process.env.EXPLAIN}/${q.replace(/\W+/g, '_')}.${String(index).padStart(2, '0')}.txt`;
        writeFileSync(file, `${statement.sql}\n${JSON.stringify(statement.values)}\n\n${plan}\n`);
        const times = plan.match(/(Planning|Execution) Time: [\d.]+ ms/g)?.join(', ');
        process.stdout.write(`  explain ${String(index).padStart(2)}: ${times}  (${file})\n`);
      }
    }
  }
} finally {
  await sequelize.close();
}
