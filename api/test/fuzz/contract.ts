import { readFileSync } from 'node:fs';
import { openapiPath } from '@blog/shared';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import type { Access } from '../../src/http/routes.ts';

/** A JSON Schema of the contract with every `$ref` replaced by what it points at. */
export type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  contentSchema?: Schema;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}

/** One operation of openapi.yaml, as the fuzzer needs it. */
export interface FuzzOperation {
  operationId: string;
  method: string;
  /** The contract's template, e.g. `/admin/posts/{id}`. */
  template: string;
  /** `/api`, or '' for the few calls at the site root. */
  base: string;
  access: Access;
  owner?: string;
  csrf: boolean;
  parameters: Parameter[];
  /** Media type → schema of the request body, when the operation takes one. */
  body?: Record<string, Schema>;
  /** Status (or `default`) → media type → schema (undefined when the answer has no schema). */
  responses: Record<string, Record<string, Schema | undefined>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Local `$ref`s only (the contract has no others), resolved once; the contract has no cycles. */
function dereference(node: unknown, root: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => dereference(item, root));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: string }).$ref;
  if (typeof ref === 'string') {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], root);
    return dereference(target, root);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, dereference(value, root)]));
}

type RawOperation = Record<string, unknown> & {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

/** Every operation of the contract (a new one is fuzzed without a test change). */
export function loadOperations(): FuzzOperation[] {
  const raw = parse(readFileSync(openapiPath, 'utf8')) as unknown;
  const document = dereference(raw, raw) as {
    paths: Record<string, Record<string, RawOperation> & { servers?: unknown }>;
  };
  return Object.entries(document.paths).flatMap(([template, item]) =>
    METHODS.filter((method) => item[method]).map((method): FuzzOperation => {
      const operation = item[method]!;
      const content = operation.requestBody?.content;
      return {
        operationId: operation.operationId,
        method: method.toUpperCase(),
        template,
        base: item.servers ? '' : '/api',
        access: operation['x-auth'] as Access,
        owner: operation['x-owner'] as string | undefined,
        csrf: operation['x-csrf'] === true,
        parameters: operation.parameters ?? [],
        body: content
          ? Object.fromEntries(Object.entries(content).map(([type, media]) => [type, media.schema]))
          : undefined,
        responses: Object.fromEntries(
          Object.entries(operation.responses).map(([status, response]) => [
            status,
            Object.fromEntries(
              Object.entries(response.content ?? {}).map(([type, media]) => [type, media.schema]),
            ),
          ]),
        ),
      };
    }),
  );
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Checks answers against the contract: status documented, media type documented, JSON body valid. */
export function responseChecker() {
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false, validateFormats: true }));
  const compiled = new WeakMap<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
  return {
    /** What breaks the contract in this answer, or undefined when nothing does. */
    problem(operation: FuzzOperation, status: number, type: string, text: string): string | undefined {
      const documented = operation.responses[String(status)] ?? operation.responses.default;
      if (!documented) return `status ${status} is not documented`;
      const mediaTypes = Object.keys(documented);
      if (mediaTypes.length === 0) return text.length === 0 ? undefined : `a body where none is documented`;
      const mediaType = type.split(';')[0]!.trim();
      if (!mediaTypes.includes(mediaType))
        return `media type "${type}" is not one of ${mediaTypes.join(', ')}`;
      const schema = documented[mediaType];
      if (!schema || !mediaType.endsWith('json')) return undefined;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return 'a JSON media type with a body that is not JSON';
      }
      const validate = validatorOf(schema);
      if (validate(body)) return undefined;
      return `body breaks the schema: ${ajv.errorsText(validate.errors)}`;
    },
  };
}
