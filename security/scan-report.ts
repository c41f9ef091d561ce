// The scan's Markdown report (security/results/scan.md).
import type { SqlmapResult } from './scan-sqlmap.ts';
import { WAPITI_MODULES, type WapitiFinding } from './scan-wapiti.ts';

const LEVELS = ['info', 'low', 'medium', 'high', 'critical'];

/** security/results/scan.md: wapiti's findings by run and category, and sqlmap's verdict per target. */
export function report(findings: WapitiFinding[], sqlmap: SqlmapResult[]): string {
  const byCategory = new Map<string, WapitiFinding[]>();
  for (const finding of findings)
    byCategory.set(`${finding.run}|${finding.category}`, [
      ...(byCategory.get(`${finding.run}|${finding.category}`) ?? []),
      finding,
    ]);
  return [
    '# Scanner results (`npm run security:scan`)',
    '',
    `Run ${new Date().toISOString()} against a local production-mode API with seeded data (200 posts), through a`,
    'loopback proxy that gives each request its own client address. wapiti modules: ' + WAPITI_MODULES + '.',
    '',
    '## wapiti',
    '',
    '| Run | Category | Level | Count | Example | Verdict |',
    '| --- | --- | --- | --- | --- | --- |',
    ...[...byCategory].map(([key, list]) => {
      const [run, category] = key.split('|');
      const first = list[0]!;
      return `| ${run} | ${category} | ${LEVELS[first.level] ?? first.level} | ${list.length} | ${first.method} ${first.path} ${first.parameter ? `(${first.parameter})` : ''} | ${first.explained ? `false positive: ${first.explained}` : first.level >= 2 ? '**open**' : 'low/info'} |`;
    }),
    findings.length ? '' : 'No findings.',
    '',
    '## sqlmap (techniques BEUST, level 1, risk 1, PostgreSQL)',
    '',
    '| Target | Seconds | Verdict |',
    '| --- | --- | --- |',
    ...sqlmap.map((s) => `| ${s.name} | ${s.seconds} | ${s.verdict.replace(/\|/g, '/')} |`),
    '',
  ].join('\n');
}
