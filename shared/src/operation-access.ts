/**
 * The access table of the contract: per operationId its `x-auth` and `x-owner`, written as TypeScript
 * (generated/operation-access.ts) so a handler's types follow its operation's rule. `npm run generate`
 * writes it; src/check-drift.ts fails when the committed file is not what the YAML makes now.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type Operation = { operationId?: unknown; 'x-auth'?: unknown; 'x-owner'?: unknown };

export const operationAccessUrl = new URL('../generated/operation-access.ts', import.meta.url);

/** The file's text for a parsed openapi.yaml: one line per operation, in the contract's order. */
export function operationAccessText(document: unknown): string {
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  const lines = Object.values(paths).flatMap((item) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      const rule = [`access: ${JSON.stringify(operation['x-auth'] ?? null)}`];
      if (operation['x-owner'] !== undefined) rule.push(`owner: ${JSON.stringify(operation['x-owner'])}`);
      return [`  ${String(operation.operationId)}: { ${rule.join('; ')} };`];
    }),
  );
  return [
    '/**',
    ' * Generated from openapi.yaml by `npm run contract:generate` (shared/src/operation-access.ts).',
    ' * Do not edit: per operationId, its `x-auth` (access) and `x-owner` (owner).',
    ' */',
    'export interface OperationAccess {',
    ...lines,
    '}',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const document: unknown = parse(await readFile(new URL('../openapi.yaml', import.meta.url), 'utf8'));
  await writeFile(operationAccessUrl, operationAccessText(document));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
