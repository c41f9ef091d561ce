/**
 * `npm run check -w shared` (root: `npm run contract:check`): fails when openapi.yaml
 * breaks a structural rule (see lint-contract.ts), when src/index.ts lacks a schema alias,
 * when a limit in the YAML is not what the rules say (contract-limits.ts), or when
 * generated/schema.d.ts (or generated/operation-access.ts) is not what the YAML makes now.
 */
import { readFile } from 'node:fs/promises';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { parse } from 'yaml';
import { writeLimits } from './contract-limits.ts';
import { checkSchemaAliases, lintContract } from './lint-contract.ts';
import { operationAccessText, operationAccessUrl } from './operation-access.ts';

const yamlUrl = new URL('../openapi.yaml', import.meta.url);
const generatedUrl = new URL('../generated/schema.d.ts', import.meta.url);
const indexUrl = new URL('./index.ts', import.meta.url);

const staleMessage = 'shared/generated/schema.d.ts is stale: run npm run contract:generate';

/** The same text the CLI (`npm run generate`) writes, made in memory. */
async function generateSchemaText(): Promise<string> {
  const ast = await openapiTS(yamlUrl, { silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

async function main(): Promise<number> {
  const yamlText = await readFile(yamlUrl, 'utf8');
  const doc = parse(yamlText, { prettyErrors: true, uniqueKeys: true });
  const problems = [...lintContract(doc), ...checkSchemaAliases(doc, await readFile(indexUrl, 'utf8'))];
  if (problems.length > 0) {
    console.error(`shared/openapi.yaml breaks ${problems.length} contract rule(s):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    return 1;
  }

  if (writeLimits(yamlText) !== yamlText) {
    console.error(
      "shared/openapi.yaml: its limits are not the rules' (stale): run npm run contract:generate",
    );
    return 1;
  }

  const expected = await generateSchemaText();
  const committed = await readFile(generatedUrl, 'utf8').catch(() => undefined);
  if (committed !== expected) {
    console.error(staleMessage);
    return 1;
  }
  const access = await readFile(operationAccessUrl, 'utf8').catch(() => undefined);
  if (access !== operationAccessText(doc)) {
    console.error('shared/generated/operation-access.ts is stale: run npm run contract:generate');
    return 1;
  }

  process.stdout.write('openapi: contract rules hold and the generated files are up to date\n');
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('openapi: contract check failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
