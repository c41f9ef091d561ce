import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Gathers the figures the drills wrote (`<dir>/<name>.json`, see recordDrillFigures) into one
 * Markdown table at `<dir>.md`; returns its path, or undefined when no drill wrote any.
 */
export function writeDrillSummary(dir: string): string | undefined {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort();
  } catch {
    return undefined;
  }
  if (!files.length) return undefined;
  const rows = files.map((file) => {
    const { name, at, ...figures } = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<
      string,
      unknown
    >;
    const list = Object.entries(figures)
      .map(([key, value]) => `${key} ${String(value)}`)
      .join(', ');
    return `| ${String(name)} | ${String(at)} | ${list} |`;
  });
  const target = `${dir}.md`;
  writeFileSync(
    target,
    [
      '# Fault drills: figures of the last run',
      '',
      'Written by `npm run test:security` from the drills (`*.drill.test.ts`); times in milliseconds.',
      '',
      '| Drill | When | Figures |',
      '| --- | --- | --- |',
      ...rows,
      '',
    ].join('\n'),
  );
  return target;
}
