import { validationFailed } from '../errors.ts';

/**
 * What a request body may hold, read from the contract: the keys of every object it declares closed
 * (`additionalProperties: false`), and where closed objects sit inside it. Only the parts that hold
 * a closed object are kept, so a shape is small enough to ship in the production bundle.
 */
export interface BodyShape {
  /** Present when this object is closed: the only keys it may have. */
  keys?: string[];
  /** Shapes of the properties that hold closed objects. */
  properties?: Record<string, BodyShape>;
  /** The shape of each item of an array. */
  items?: BodyShape;
  /** A string whose value is JSON text (`contentMediaType: application/json`): its `contentSchema`. */
  json?: BodyShape;
}

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function resolveRef(document: unknown, ref: string): Schema {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are read: ${ref}`);
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    node = isObject(node) ? node[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
  }
  if (!isObject(node)) throw new Error(`Unresolved $ref: ${ref}`);
  return node;
}

const isEmpty = (shape: BodyShape): boolean => Object.keys(shape).length === 0;

function union(list: string[][]): string[] {
  return [...new Set(list.flat())];
}

/** Merges the shapes of schemas that all apply at once (allOf): closed when any part is closed. */
function mergeAll(shapes: BodyShape[]): BodyShape {
  const merged: BodyShape = {};
  const closed = shapes.filter((shape) => shape.keys);
  if (closed.length > 0) merged.keys = union(closed.map((shape) => shape.keys!));
  const properties: Record<string, BodyShape> = {};
  for (const shape of shapes)
    for (const [name, inner] of Object.entries(shape.properties ?? {}))
      properties[name] = properties[name] ? mergeAll([properties[name], inner]) : inner;
  if (Object.keys(properties).length > 0) merged.properties = properties;
  const items = shapes.flatMap((shape) => (shape.items ? [shape.items] : []));
  if (items.length > 0) merged.items = mergeAll(items);
  const json = shapes.flatMap((shape) => (shape.json ? [shape.json] : []));
  if (json.length > 0) merged.json = mergeAll(json);
  return merged;
}

/**
 * The alternatives of anyOf/oneOf: a key is refused only when no alternative takes it, so an
 * object is closed only when every alternative that may be one is.
 */
function mergeAny(schemas: Schema[], shapes: BodyShape[]): BodyShape {
  const mayBeObject = (schema: Schema, shape: BodyShape) =>
    shape.keys !== undefined ||
    schema.type === undefined ||
    schema.type === 'object' ||
    (Array.isArray(schema.type) && schema.type.includes('object'));
  const objectShapes = shapes.filter((shape, index) => mayBeObject(schemas[index]!, shape));
  const merged = mergeAll(shapes);
  if (objectShapes.length === 0 || objectShapes.some((shape) => !shape.keys)) delete merged.keys;
  return merged;
}

function shapeOf(document: unknown, input: Schema, seen: Set<Schema>): BodyShape {
  const schema = typeof input.$ref === 'string' ? resolveRef(document, input.$ref) : input;
  // A schema that contains itself: the inner occurrence is left open rather than looping.
  if (seen.has(schema)) return {};
  const inner = new Set(seen).add(schema);
  const sub = (value: unknown): BodyShape => (isObject(value) ? shapeOf(document, value, inner) : {});
  const parts: BodyShape[] = [];

  const own: BodyShape = {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (schema.additionalProperties === false) own.keys = Object.keys(properties);
  const nested = Object.fromEntries(
    Object.entries(properties)
      .map(([name, value]) => [name, sub(value)] as const)
      .filter(([, shape]) => !isEmpty(shape)),
  );
  if (Object.keys(nested).length > 0) own.properties = nested;
  const items = sub(schema.items);
  if (!isEmpty(items)) own.items = items;
  if (schema.contentMediaType === 'application/json') {
    const json = sub(schema.contentSchema);
    if (!isEmpty(json)) own.json = json;
  }
  parts.push(own);

  const listed = (keyword: string): Schema[] =>
    Array.isArray(schema[keyword]) ? (schema[keyword] as unknown[]).filter(isObject) : [];
  parts.push(...listed('allOf').map(sub));
  for (const keyword of ['anyOf', 'oneOf']) {
    const alternatives = listed(keyword);
    const resolved = alternatives.map((alt) =>
      typeof alt.$ref === 'string' ? resolveRef(document, alt.$ref) : alt,
    );
    if (alternatives.length > 0) parts.push(mergeAny(resolved, alternatives.map(sub)));
  }
  return mergeAll(parts);
}

/** The shape of `schema` (a request body's, `$ref`s resolved in `document`); undefined when nothing in it is closed. */
export function bodyShapeOf(document: unknown, schema: unknown): BodyShape | undefined {
  if (!isObject(schema)) return undefined;
  const shape = shapeOf(document, schema, new Set());
  return isEmpty(shape) ? undefined : shape;
}

/** The first key of `value` that its shape does not list, as a dotted path (`posts.0.extra`), as zod names fields. */
export function unknownField(shape: BodyShape, value: unknown, path: string[] = []): string | undefined {
  if (Array.isArray(value)) {
    if (!shape.items) return undefined;
    for (const [index, item] of value.entries()) {
      const found = unknownField(shape.items, item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'string' && shape.json) {
    try {
      // JSON text is a document of its own: its fields are named from its root, as its zod errors are.
      return unknownField(shape.json, JSON.parse(value) as unknown);
    } catch {
      return undefined; // Not JSON: the operation's own parser says so, in its words.
    }
  }
  if (!isObject(value)) return undefined;
  for (const key of Object.keys(value)) {
    if (shape.keys && !shape.keys.includes(key)) return [...path, key].join('.');
    const inner = shape.properties?.[key];
    const found = inner ? unknownField(inner, value[key], [...path, key]) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The 400 for a field the contract does not list (a typo, a read-only field): refused, not ignored. */
export const unknownFieldError = (field: string) => validationFailed(`Nieznane pole: „${field}”.`, field);

/** Throws unknownFieldError when `value` holds a key `shape` does not list. */
export function refuseUnknownFields(shape: BodyShape | undefined, value: unknown): void {
  const field = shape ? unknownField(shape, value) : undefined;
  if (field !== undefined) throw unknownFieldError(field);
}
