import { isMap, isScalar, isSeq, parse, parseDocument, type Pair, type YAMLMap } from 'yaml';
import { fieldNames, type Form } from './rules/rule.ts';
import {
  fieldLimits,
  formTargets,
  LIMIT_KEYWORDS,
  SCHEMA_LIMITS,
  type ContractTarget,
  type Limits,
} from './rules/contract-limits.ts';

/**
 * Writes the rules' limits into the YAML text (rules/contract-limits.ts says which and why). Only the
 * limit lines of the schemas concerned change: the rest of the file (comments, folded prose, key
 * order) is left byte for byte, so the YAML stays the readable, hand-written document it is.
 */

type Json = Record<string, unknown>;
type Segment = string | number;

const JSON_TYPE: Record<string, string> = {
  text: 'string',
  secret: 'string',
  choice: 'string',
  integer: 'integer',
  boolean: 'boolean',
  integerList: 'array',
  textList: 'array',
};

const decode = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const encode = (segment: Segment) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
const pointerOf = (path: Segment[]) => `#/${path.map(encode).join('/')}`;
const pathOf = (pointer: string): Segment[] => pointer.replace(/^#\//, '').split('/').map(decode);

function at(doc: Json, path: Segment[]): Json {
  const node = path.reduce<unknown>((current, key) => (current as Json | undefined)?.[key], doc);
  if (node === null || typeof node !== 'object')
    throw new Error(`openapi.yaml has nothing at ${pointerOf(path)}`);
  return node as Json;
}

/** The path of the schema a node stands for, following `$ref`s. */
function resolved(doc: Json, path: Segment[]): Segment[] {
  let current = path;
  for (let node = at(doc, current); typeof node.$ref === 'string'; node = at(doc, current))
    current = pathOf(node.$ref);
  return current;
}

/** pointer → limits, collected from every form target and SCHEMA_LIMITS; two different answers for one schema fail. */
export function limitsToWrite(
  doc: Json,
  targets = formTargets(),
  schemaLimits = SCHEMA_LIMITS,
): Map<string, Limits> {
  const writes = new Map<string, Limits>();
  const put = (path: Segment[], limits: Limits, by: string) => {
    const pointer = pointerOf(path);
    const earlier = writes.get(pointer);
    if (earlier && JSON.stringify(earlier) !== JSON.stringify(limits))
      throw new Error(
        `${pointer}: ${by} wants ${JSON.stringify(limits)}, another rule ${JSON.stringify(earlier)}`,
      );
    writes.set(pointer, limits);
  };
  for (const { name, form, target } of targets)
    for (const [field, path] of fieldPaths(doc, form, target)) {
      const type = JSON_TYPE[form.fields[field]!.type]!;
      const node = at(doc, path);
      // A value the YAML accepts in two spellings (a number, or its digits as text): the rules bound the number.
      const branches = Array.isArray(node.anyOf) ? (node.anyOf as Json[]) : undefined;
      const branch = branches?.findIndex(
        (_, index) => at(doc, resolved(doc, [...path, 'anyOf', index])).type === type,
      );
      if (branch === -1) throw new Error(`${pointerOf(path)}: no ${type} branch for ${name}.${field}`);
      const schema = branch === undefined ? path : resolved(doc, [...path, 'anyOf', branch]);
      const { list, item } = fieldLimits(form.fields[field]!);
      if (list) {
        put(schema, list, `${name}.${field}`);
        put(resolved(doc, [...schema, 'items']), item, `${name}.${field}`);
      } else put(schema, item, `${name}.${field}`);
    }
  for (const [pointer, limits] of Object.entries(schemaLimits))
    put(resolved(doc, pathOf(pointer)), limits, pointer);
  return writes;
}

/** field → the path of its (resolved) schema in the YAML, for the fields the API receives. */
function fieldPaths(doc: Json, form: Form, target: ContractTarget): Map<string, Segment[]> {
  const paths = new Map<string, Segment[]>();
  if ('schema' in target) {
    const schema = resolved(doc, ['components', 'schemas', target.schema]);
    for (const name of Object.keys(at(doc, [...schema, 'properties'])))
      paths.set(name, resolved(doc, [...schema, 'properties', name]));
  } else if ('parameter' in target) {
    const parameterPath = resolved(doc, ['components', 'parameters', target.parameter]);
    const parameter = at(doc, parameterPath);
    paths.set(parameter.name as string, resolved(doc, [...parameterPath, 'schema']));
  } else {
    const [path, method] = target.query;
    const parameters = at(doc, ['paths', path, method, 'parameters']) as unknown as unknown[];
    parameters.forEach((_, index) => {
      const parameterPath = resolved(doc, ['paths', path, method, 'parameters', index]);
      const parameter = at(doc, parameterPath);
      if (parameter.in === 'query')
        paths.set(parameter.name as string, resolved(doc, [...parameterPath, 'schema']));
    });
  }
  for (const name of fieldNames(form, 'api'))
    if (!paths.has(name)) throw new Error(`openapi.yaml: ${JSON.stringify(target)} has no ${name}`);
  return new Map([...paths].filter(([name]) => fieldNames(form, 'api').includes(name)));
}

const render = (value: unknown): string =>
  typeof value === 'string'
    ? `'${value.replace(/'/g, "''")}'`
    : Array.isArray(value)
      ? `[${value.map(render).join(', ')}]`
      : String(value);

interface Edit {
  start: number;
  end: number;
  text: string;
}

const lineStart = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
const afterLine = (text: string, offset: number) => {
  const end = text.indexOf('\n', offset);
  return end === -1 ? text.length : end + 1;
};

/** The edits that make one block map's limit keys say `limits` (absent keys are removed). */
function mapEdits(text: string, map: YAMLMap, limits: Limits, pointer: string): Edit[] {
  const pairs = map.items as Pair[];
  const keyOf = (pair: Pair) => (isScalar(pair.key) ? String(pair.key.value) : '');
  const owned = new Set<string>([...LIMIT_KEYWORDS, ...Object.keys(limits)]);
  const wanted = limits as Record<string, unknown>;
  const edits: Edit[] = [];
  let anchor: Pair | undefined;
  for (const pair of pairs) {
    const key = keyOf(pair);
    if (key === 'type' || key === 'format' || owned.has(key)) anchor = pair;
    if (!owned.has(key)) continue;
    const value = pair.value as { range?: [number, number, number]; toJSON(): unknown } | null;
    const range = value?.range;
    const keyRange = (pair.key as { range?: [number, number, number] }).range;
    if (!range || !keyRange || !(isScalar(value) || isSeq(value)))
      throw new Error(`${pointer}/${key}: not a plain value`);
    if (wanted[key] === undefined)
      edits.push({ start: lineStart(text, keyRange[0]), end: afterLine(text, range[1]), text: '' });
    else if (JSON.stringify(value.toJSON()) !== JSON.stringify(wanted[key]))
      edits.push({ start: range[0], end: range[1], text: render(wanted[key]) });
  }
  const present = new Set(pairs.map(keyOf));
  const missing = [...LIMIT_KEYWORDS, 'enum'].filter((key) => wanted[key] !== undefined && !present.has(key));
  if (missing.length > 0) {
    const last = anchor ?? pairs.at(-1);
    const lastRange = (last?.value as { range?: [number, number, number] } | null)?.range;
    const firstKey = (pairs[0]?.key as { range?: [number, number, number] } | undefined)?.range;
    if (!lastRange || !firstKey) throw new Error(`${pointer}: not a block map`);
    const indent = ' '.repeat(firstKey[0] - lineStart(text, firstKey[0]));
    const offset = afterLine(text, lastRange[1]);
    edits.push({
      start: offset,
      end: offset,
      text: missing.map((key) => `${indent}${key}: ${render(wanted[key])}\n`).join(''),
    });
  }
  return edits;
}

/** The YAML text with every rule-backed limit as the rules say; the same text when nothing is stale. */
export function writeLimits(yamlText: string, writes?: Map<string, Limits>): string {
  const document = parseDocument(yamlText);
  const limits = writes ?? limitsToWrite(parse(yamlText) as Json);
  const edits: Edit[] = [];
  for (const [pointer, wanted] of limits) {
    const node = document.getIn(pathOf(pointer), true);
    if (!isMap(node)) throw new Error(`openapi.yaml: ${pointer} is not a map`);
    edits.push(...mapEdits(yamlText, node, wanted, pointer));
  }
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  return edits.reduce((text, edit) => text.slice(0, edit.start) + edit.text + text.slice(edit.end), yamlText);
}
