import { readFileSync } from 'node:fs';
import { openapiPath } from '@blog/shared';
import { parse } from 'yaml';
import type { JsonSchema } from './fit-to-schema.ts';

/**
 * The contract's response schemas the API reads at run time (to make stored values fit them:
 * fit-to-schema.ts), with every `$ref` resolved. A name is listed here so the production build can
 * carry exactly these (infra/src/build-server.ts) instead of the whole YAML.
 */
export const RUNTIME_SCHEMAS = ['ImportResult'] as const;
export type RuntimeSchema = (typeof RUNTIME_SCHEMAS)[number];

/** Set by the production build: runtimeSchemasOf(openapi.yaml), read at build time. */
declare const __CONTRACT_SCHEMAS__: Record<RuntimeSchema, JsonSchema> | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function resolved(document: unknown, node: unknown, depth = 0): unknown {
  if (depth > 32) throw new Error('The contract nests $refs deeper than 32: a cycle?');
  if (Array.isArray(node)) return node.map((item) => resolved(document, item, depth + 1));
  if (!isRecord(node)) return node;
  if (typeof node.$ref === 'string') {
    if (!node.$ref.startsWith('#/')) throw new Error(`Only local $refs are read: ${node.$ref}`);
    let target: unknown = document;
    for (const part of node.$ref.slice(2).split('/'))
      target = isRecord(target) ? target[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
    if (target === undefined) throw new Error(`Unresolved $ref: ${node.$ref}`);
    return resolved(document, target, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, resolved(document, value, depth + 1)]),
  );
}

/** The listed schemas of a parsed contract, `$ref`s resolved. */
export function runtimeSchemasOf(document: unknown): Record<RuntimeSchema, JsonSchema> {
  const schemas = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas;
  return Object.fromEntries(
    RUNTIME_SCHEMAS.map((name) => {
      if (!schemas?.[name]) throw new Error(`The contract has no schema ${name}`);
      return [name, resolved(document, schemas[name]) as JsonSchema];
    }),
  ) as Record<RuntimeSchema, JsonSchema>;
}

let loaded: Record<RuntimeSchema, JsonSchema> | undefined;

/** One of the listed schemas: carried by the production bundle, else read from the YAML once. */
export function contractSchema(name: RuntimeSchema): JsonSchema {
  loaded ??=
    typeof __CONTRACT_SCHEMAS__ !== 'undefined'
      ? __CONTRACT_SCHEMAS__
      : runtimeSchemasOf(parse(readFileSync(openapiPath, 'utf8')));
  return loaded[name];
}
