import type pg from 'pg';
import type { Sequelize } from 'sequelize-typescript';

/** One SQL statement the API ran for a request, with what EXPLAIN (ANALYZE, BUFFERS) found. */
export interface StatementPlan {
  /** The first table read, plus "(count)" for a count query. */
  label: string;
  executionMs: number;
  planningMs: number;
  /** Every index any plan node used. */
  indexes: string[];
  /** Tables read by a sequential scan. */
  seqScans: string[];
  sharedHitBlocks: number;
  sharedReadBlocks: number;
  /** Whitespace collapsed; shortened except for statements on posts or post_search. */
  sql: string;
  /** The text plan, for statements on posts or post_search (the ones that grow with the data). */
  plan?: string;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

interface ExplainJson {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
}

const EXECUTING = /^Executing \([^)]*\): /;

/**
 * The SQL the API sends while `work` runs, as Sequelize logs it (replacements already inlined).
 * Production turns query logging off, so it is switched on only for this one request; the outbox
 * relay's own polling is left out.
 */
export async function captureSql(sequelize: Sequelize, work: () => Promise<void>): Promise<string[]> {
  const captured: string[] = [];
  const previous = sequelize.options.logging;
  sequelize.options.logging = (message: string) => {
    if (EXECUTING.test(message)) captured.push(message.replace(EXECUTING, ''));
  };
  try {
    await work();
  } finally {
    sequelize.options.logging = previous;
  }
  return captured.filter((sql) => /^\s*SELECT/i.test(sql) && !sql.includes('outbox_events'));
}

function walk(node: PlanNode, visit: (node: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

function labelOf(sql: string): string {
  const table = /\bFROM\s+"?(\w+)"?/i.exec(sql)?.[1] ?? 'unknown';
  return /\bcount\(\*\)/i.test(sql) ? `${table} (count)` : table;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export async function explainStatement(client: pg.Pool, sql: string): Promise<StatementPlan> {
  const statement = sql.trim().replace(/;$/, '');
  const json = await client.query<{ 'QUERY PLAN': ExplainJson[] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement}`,
  );
  const explained = json.rows[0]['QUERY PLAN'][0];
  const indexes = new Set<string>();
  const seqScans = new Set<string>();
  walk(explained.Plan, (node) => {
    if (node['Index Name']) indexes.add(node['Index Name']);
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) seqScans.add(node['Relation Name']);
  });
  const label = labelOf(statement);
  const result: StatementPlan = {
    label,
    executionMs: round(explained['Execution Time']),
    planningMs: round(explained['Planning Time']),
    indexes: [...indexes].sort(),
    seqScans: [...seqScans].sort(),
    sharedHitBlocks: explained.Plan['Shared Hit Blocks'] ?? 0,
    sharedReadBlocks: explained.Plan['Shared Read Blocks'] ?? 0,
    sql: statement.replace(/\s+/g, ' '),
  };
  if (/^(posts|post_search)\b/.test(label)) {
    const text = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
    result.plan = text.rows.map((row) => row['QUERY PLAN']).join('\n');
  } else {
    result.sql = result.sql.slice(0, 300);
  }
  return result;
}
