/**
 * Structural rules the contract must keep, beyond what openapi-typescript checks: every
 * $ref resolves, every object a response can carry is closed, every operation is named,
 * tagged and answers errors with the shared Error shape, and the access/CSRF extensions
 * agree with the declared error responses. Each rule returns readable problems instead of
 * throwing, so one run reports them all.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export const operationTags = [
  'posts',
  'categories',
  'comments',
  'users',
  'auth',
  'subscriptions',
  'settings',
  'logs',
  'contact',
  'images',
  'health',
] as const;

export const accessLevels = ['public', 'user', 'staff', 'admin'] as const;

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const errorSchemaRef = '#/components/schemas/Error';
const csrfParameterRef = '#/components/parameters/CsrfTokenHeader';

/** Operations whose 503 body is a probe report rather than an Error. */
const probeOperations = new Set(['getReadiness']);

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const decodePointerSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** Resolves a local reference (`#/a/b`); undefined when it points nowhere. */
export function resolvePointer(doc: JsonObject, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let current: Json | undefined = doc;
  for (const segment of ref.slice(2).split('/').map(decodePointerSegment)) {
    if (!isObject(current) && !Array.isArray(current)) return undefined;
    current = Array.isArray(current) ? current[Number(segment)] : current[segment];
    if (current === undefined) return undefined;
  }
  return current;
}

function walkJson(value: Json, visit: (node: JsonObject, path: string) => void, path = '#'): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walkJson(item, visit, `${path}/${index}`);
    return;
  }
  if (!isObject(value)) return;
  visit(value, path);
  for (const [key, child] of Object.entries(value)) {
    walkJson(child, visit, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

/** Every `$ref` must be a local pointer that resolves. */
export function checkRefs(doc: JsonObject): string[] {
  const problems: string[] = [];
  walkJson(doc, (node, path) => {
    const ref = node.$ref;
    if (ref === undefined) return;
    if (typeof ref !== 'string') {
      problems.push(`${path}: $ref is not a string`);
    } else if (resolvePointer(doc, ref) === undefined) {
      problems.push(`${path}: $ref ${ref} does not resolve`);
    }
  });
  return problems;
}

/** Follows a chain of `$ref`s to the object it finally names. */
function deref(doc: JsonObject, value: Json | undefined): { node: JsonObject | undefined; ref?: string } {
  let ref: string | undefined;
  let current = value;
  const seen = new Set<string>();
  while (isObject(current) && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) return { node: undefined, ref };
    seen.add(current.$ref);
    ref = current.$ref;
    current = resolvePointer(doc, current.$ref);
  }
  return { node: isObject(current) ? current : undefined, ref };
}

const describesObject = (schema: JsonObject) => {
  const type = schema.type;
  if (type === 'object') return true;
  if (Array.isArray(type) && type.includes('object')) return true;
  return type === undefined && (isObject(schema.properties) || Array.isArray(schema.required));
};

/** Walks a response schema and reports every object schema not closed with additionalProperties: false. */
function checkClosedSchema(
  doc: JsonObject,
  schema: Json | undefined,
  where: string,
  problems: string[],
  seenRefs: Set<string>,
): void {
  if (!isObject(schema)) return;
  if (typeof schema.$ref === 'string') {
    if (seenRefs.has(schema.$ref)) return;
    seenRefs.add(schema.$ref);
    checkClosedSchema(doc, resolvePointer(doc, schema.$ref), schema.$ref, problems, seenRefs);
    return;
  }
  if (describesObject(schema) && schema.additionalProperties !== false) {
    problems.push(`${where}: object schema without additionalProperties: false`);
  }
  if (isObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      checkClosedSchema(doc, property, `${where}.${name}`, problems, seenRefs);
    }
  }
  if (isObject(schema.additionalProperties)) {
    checkClosedSchema(doc, schema.additionalProperties, `${where}[additionalProperties]`, problems, seenRefs);
  }
  if (schema.items !== undefined) checkClosedSchema(doc, schema.items, `${where}[]`, problems, seenRefs);
  for (const combinator of ['oneOf', 'anyOf', 'allOf'] as const) {
    const branches = schema[combinator];
    if (!Array.isArray(branches)) continue;
    for (const [index, branch] of branches.entries()) {
      checkClosedSchema(doc, branch, `${where}.${combinator}[${index}]`, problems, seenRefs);
    }
  }
}

interface OperationEntry {
  path: string;
  method: string;
  operation: JsonObject;
  pathItem: JsonObject;
}

function listOperations(doc: JsonObject): OperationEntry[] {
  const entries: OperationEntry[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    for (const method of httpMethods) {
      const operation = pathItem[method];
      if (isObject(operation)) entries.push({ path, method, operation, pathItem });
    }
  }
  return entries;
}

/** Every object schema reachable from a response body must be closed. */
export function checkClosedResponses(doc: JsonObject): string[] {
  const problems: string[] = [];
  for (const { path, method, operation } of listOperations(doc)) {
    const responses = isObject(operation.responses) ? operation.responses : {};
    for (const [status, responseOrRef] of Object.entries(responses)) {
      const { node: response } = deref(doc, responseOrRef);
      if (!response || !isObject(response.content)) continue;
      for (const [mediaType, media] of Object.entries(response.content)) {
        if (!isObject(media)) continue;
        const where = `${method.toUpperCase()} ${path} ${status} ${mediaType}`;
        checkClosedSchema(doc, media.schema, where, problems, new Set());
      }
    }
  }
  return [...new Set(problems)];
}

const parameterRefs = (doc: JsonObject, list: Json | undefined) =>
  (Array.isArray(list) ? list : []).map((parameter) => ({
    ref: isObject(parameter) && typeof parameter.$ref === 'string' ? parameter.$ref : undefined,
    node: deref(doc, parameter).node,
  }));

/** Names, tags, error shapes, Retry-After and the x-auth / x-csrf extensions of each operation. */
export function checkOperations(doc: JsonObject): string[] {
  const problems: string[] = [];
  const operationIds = new Map<string, string>();
  for (const { path, method, operation, pathItem } of listOperations(doc)) {
    const label = `${method.toUpperCase()} ${path}`;
    const operationId = operation.operationId;
    if (typeof operationId !== 'string' || operationId === '') {
      problems.push(`${label}: missing operationId`);
    } else if (operationIds.has(operationId)) {
      problems.push(`${label}: operationId ${operationId} already used by ${operationIds.get(operationId)}`);
    } else {
      operationIds.set(operationId, label);
    }

    const tags = operation.tags;
    if (!Array.isArray(tags) || tags.length !== 1 || !operationTags.some((tag) => tag === tags[0])) {
      problems.push(`${label}: needs exactly one tag among ${operationTags.join(', ')}`);
    }

    const access = operation['x-auth'];
    if (!accessLevels.some((level) => level === access)) {
      problems.push(`${label}: x-auth must be one of ${accessLevels.join(', ')}`);
    }
    const csrf = operation['x-csrf'];
    if (typeof csrf !== 'boolean') problems.push(`${label}: x-csrf must be true or false`);
    const owner = operation['x-owner'];
    const owners = ['post', 'category'];
    if (
      owner !== undefined &&
      (!owners.includes(owner as string) || access !== 'staff' || !path.includes('{id}'))
    ) {
      problems.push(
        `${label}: x-owner may only be 'post' or 'category', on a staff operation with an {id} path parameter`,
      );
    }

    const parameters = [
      ...parameterRefs(doc, pathItem.parameters),
      ...parameterRefs(doc, operation.parameters),
    ];
    const hasCsrfHeader = parameters.some((parameter) => parameter.ref === csrfParameterRef);
    if (csrf === true && !hasCsrfHeader)
      problems.push(`${label}: x-csrf is true but X-CSRF-Token is not declared`);
    if (csrf === false && hasCsrfHeader) problems.push(`${label}: declares X-CSRF-Token but x-csrf is false`);
    if (csrf === false && method !== 'get' && method !== 'head' && !isUnsubscribeLink(path)) {
      problems.push(`${label}: a state-changing call without CSRF protection`);
    }

    for (const name of path.match(/\{[^}]+\}/g) ?? []) {
      const bare = name.slice(1, -1);
      const declared = parameters.some(
        (parameter) =>
          parameter.node?.in === 'path' && parameter.node?.name === bare && parameter.node?.required === true,
      );
      if (!declared) problems.push(`${label}: path parameter ${bare} is not declared as required`);
    }

    const responses = isObject(operation.responses) ? operation.responses : {};
    const statuses = Object.keys(responses);
    if (!statuses.some((status) => status.startsWith('2'))) problems.push(`${label}: no success response`);
    if (
      !statuses.includes('500') &&
      operationId !== 'getHealth' &&
      !probeOperations.has(String(operationId))
    ) {
      problems.push(`${label}: no 500 response`);
    }
    if (access !== 'public' && (!statuses.includes('401') || !statuses.includes('403'))) {
      problems.push(`${label}: x-auth ${String(access)} needs 401 and 403 responses`);
    }
    if (csrf === true && !statuses.includes('403')) problems.push(`${label}: x-csrf needs a 403 response`);
    if (operation.requestBody !== undefined) {
      for (const status of ['400', '413', '415']) {
        if (!statuses.includes(status)) problems.push(`${label}: has a body but no ${status} response`);
      }
    }

    for (const status of statuses) {
      const { node: response } = deref(doc, responses[status]);
      if (!response) continue;
      const isError = status.startsWith('4') || status.startsWith('5');
      const isProbeReport = status === '503' && probeOperations.has(String(operationId));
      if (isError && !isProbeReport) {
        const media = isObject(response.content) ? response.content['application/json'] : undefined;
        const schema = isObject(media) ? media.schema : undefined;
        if (!isObject(schema) || schema.$ref !== errorSchemaRef) {
          problems.push(`${label} ${status}: error responses must be application/json ${errorSchemaRef}`);
        }
      }
      if (status === '429' || status === '503') {
        const headers = isObject(response.headers) ? response.headers : {};
        if (!('Retry-After' in headers))
          problems.push(`${label} ${status}: must declare a Retry-After header`);
      }
    }
  }
  return problems;
}

/** The signed unsubscribe link is the one state-changing call mail clients make without a session. */
const isUnsubscribeLink = (path: string) => path === '/unsubscribe';

/** Schemas whose alias is renamed so it does not shadow a global or the API's own names. */
export const renamedAliases: Readonly<Record<string, string>> = {
  Error: 'ApiError',
  ErrorCode: 'ApiErrorCode',
};

/** Every schema of components/schemas must have an alias exported from src/index.ts. */
export function checkSchemaAliases(doc: Json, indexSource: string): string[] {
  const components = isObject(doc) && isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  return Object.keys(schemas)
    .map((name) => `export type ${renamedAliases[name] ?? name} = components['schemas']['${name}'];`)
    .filter((line) => !indexSource.includes(line))
    .map((line) => `shared/src/index.ts: missing alias ${line}`);
}

export function lintContract(doc: Json): string[] {
  if (!isObject(doc)) return ['openapi.yaml: the document is not an object'];
  if (doc.openapi !== '3.1.0') return ['openapi.yaml: openapi must be 3.1.0'];
  return [...checkRefs(doc), ...checkClosedResponses(doc), ...checkOperations(doc)];
}
