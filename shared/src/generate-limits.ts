/**
 * First half of `npm run generate -w shared` (root: `npm run contract:generate`): writes the rules'
 * limits into openapi.yaml (contract-limits.ts); openapi-typescript then makes the types from it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { writeLimits } from './contract-limits.ts';

const yamlUrl = new URL('../openapi.yaml', import.meta.url);
const before = await readFile(yamlUrl, 'utf8');
const after = writeLimits(before);
if (after !== before) await writeFile(yamlUrl, after);
process.stdout.write(`openapi.yaml: limits ${after === before ? 'already' : 'now'} as the rules say\n`);
