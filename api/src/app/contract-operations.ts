import { readFileSync } from 'node:fs';
import { type OperationId, openapiPath } from '@blog/shared';
import { parse } from 'yaml';
import { bodyShapeOf, type BodyShape } from '../http/body-fields.ts';
import type { Access, Owner } from '@blog/shared/policy';

export type { Access } from '@blog/shared/policy';

/** The parts of a contract operation the app acts on. */
export interface ContractOperation {
  operationId: OperationId;
  /** The contract's path template, e.g. `/admin/posts/{id}` (relative to the server URL, `base`). */
  path: string;
  /** Its server URL: `/api`, or '' for the few operations a path-level `servers` puts at the site root. */
  base: '/api' | '';
  method: string;
  access?: Access;
  owner?: Owner;
  /** The contract's `x-csrf`: false only where a call needs no CSRF token. */
  csrf: boolean;
  /** Whether the contract gives it a request body; a body sent to one without is never read. */
  hasBody: boolean;
  /** The media types its request body may have (empty without a body); any other is a 415. */
  bodyTypes: string[];
  /** Per media type, what its body may hold where the contract closes it (middlewares/unknown-fields.ts). */
  bodyShapes: Record<string, BodyShape>;
}

/** An operation matched to one request, with the values of its path parameters. */
export interface MatchedOperation extends ContractOperation {
  pathParams: Record<string, string>;
}

interface CompiledPath {
  template: string;
  pattern: RegExp;
  paramNames: string[];
  /** 0 per literal segment, 1 per templated one: concrete paths win, as OpenAPI says. */
  rank: number[];
  operations: Map<string, ContractOperation>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type ContractPaths = Record<string, Record<string, unknown>>;

/** Set by the production build (infra/src/build-server.ts): contractPathsOf(openapi.yaml), read at build time. */
declare const __CONTRACT_PATHS__: ContractPaths | undefined;

/**
 * The part of the contract the matcher needs: per path and method, the operation's id, access rule,
 * body media types and the shapes of its closed bodies (`$ref`s resolved, so the bundle needs no YAML).
 */
export function contractPathsOf(document: unknown): ContractPaths {
  const paths = (document as { paths?: ContractPaths }).paths ?? {};
  return Object.fromEntries(
    Object.entries(paths).map(([template, item]) => [
      template,
      Object.fromEntries(
        METHODS.filter((method) => item[method]).map((method) => {
          const operation = item[method] as Record<string, unknown>;
          const { operationId, 'x-auth': access, 'x-owner': owner, 'x-csrf': csrf, requestBody } = operation;
          // A path-level `servers` entry (`url: /`) puts the path at the site root instead of under /api.
          const root = (item.servers as { url?: string }[] | undefined)?.some((server) => server.url === '/');
          const content = (requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)
            ?.content;
          return [
            method,
            {
              operationId,
              'x-auth': access,
              'x-owner': owner,
              'x-csrf': csrf,
              'x-base': root ? '' : '/api',
              requestBody: requestBody
                ? { content: Object.fromEntries(Object.keys(content ?? {}).map((type) => [type, {}])) }
                : undefined,
              'x-body-shapes': Object.fromEntries(
                Object.entries(content ?? {}).flatMap(([type, media]) => {
                  const shape = bodyShapeOf(document, media.schema);
                  return shape ? [[type, shape]] : [];
                }),
              ),
            },
          ];
        }),
      ),
    ]),
  );
}

// The compiled API carries the table; the sources (tests, npm start) parse the YAML, ~100–250 ms.
const loadContractPaths = (): ContractPaths =>
  typeof __CONTRACT_PATHS__ !== 'undefined'
    ? __CONTRACT_PATHS__
    : contractPathsOf(parse(readFileSync(openapiPath, 'utf8')));

function compilePath(template: string): Omit<CompiledPath, 'operations'> {
  const segments = template.split('/').filter(Boolean);
  const paramNames: string[] = [];
  const source = segments
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(param[1]!);
      return '([^/]+)';
    })
    .join('/');
  return {
    template,
    // Strict: no optional trailing slash, as Express's strict routing (app.ts).
    pattern: new RegExp(`^/${source}$`),
    paramNames,
    rank: segments.map((segment) => (segment.startsWith('{') ? 1 : 0)),
  };
}

function byConcreteness(a: CompiledPath, b: CompiledPath): number {
  for (let i = 0; i < Math.min(a.rank.length, b.rank.length); i++) {
    if (a.rank[i] !== b.rank[i]) return a.rank[i]! - b.rank[i]!;
  }
  return a.rank.length - b.rank.length;
}

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Finds which operation of the contract (openapi.yaml) a request is, and with it the access rule
 * (`x-auth`, `x-owner`) that app/middlewares/authorize.ts enforces. Built once from the YAML: a
 * handful of regular expressions, so production does not load a whole schema validator (ajv, a
 * dereferenced copy of the document) just to learn an operation's name.
 */
export function contractOperations(paths: ContractPaths = loadContractPaths()) {
  const compiled: CompiledPath[] = Object.entries(paths)
    .map(([template, item]) => {
      const operations = new Map<string, ContractOperation>();
      for (const method of METHODS) {
        const operation = item[method] as Record<string, unknown> | undefined;
        if (!operation) continue;
        operations.set(method.toUpperCase(), {
          operationId: operation.operationId as OperationId,
          path: template,
          base: operation['x-base'] === '' ? '' : '/api',
          method: method.toUpperCase(),
          access: operation['x-auth'] as Access | undefined,
          owner: operation['x-owner'] as Owner | undefined,
          // Fail closed: only an explicit `x-csrf: false` spares a call the token.
          csrf: operation['x-csrf'] !== false,
          hasBody: Boolean(operation.requestBody),
          bodyTypes: Object.keys(
            (operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content ?? {},
          ),
          bodyShapes: (operation['x-body-shapes'] as Record<string, BodyShape> | undefined) ?? {},
        });
      }
      return { ...compilePath(template), operations };
    })
    .sort(byConcreteness);

  return {
    all: compiled.flatMap((entry) => [...entry.operations.values()]),
    /**
     * `path` is relative to the operation's base (`/api`, or the site root), without the query
     * string; the caller checks `base`. HEAD is the GET operation.
     */
    match(method: string, path: string): MatchedOperation | undefined {
      const verb = method === 'HEAD' ? 'GET' : method;
      for (const entry of compiled) {
        const found = entry.pattern.exec(path);
        if (!found) continue;
        const operation = entry.operations.get(verb);
        // Same path, other method: a templated path may still have it (DELETE /x/{id} beside POST /x/bulk).
        if (!operation) continue;
        const pathParams = Object.fromEntries(
          entry.paramNames.map((name, index) => [name, decodeParam(found[index + 1]!)]),
        );
        return { ...operation, pathParams };
      }
      return undefined;
    },
  };
}

export type ContractOperations = ReturnType<typeof contractOperations>;

declare module 'express-serve-static-core' {
  interface Request {
    /** The contract operation this /api request is (app.ts sets it), when it is one. */
    operation?: MatchedOperation;
  }
}
