import fc from 'fast-check';
import type { FuzzOperation, Schema } from './contract.ts';
import { type Body, type MultipartPart, type RequestParts, rawJson } from './request.ts';
import {
  PRIVILEGE_KEYS,
  PROTOTYPE_KEYS,
  PROTOTYPE_VALUES,
  hostileJsonValue,
  hostileParam,
  hostileText,
  encode,
} from './values.ts';

/** One thing broken in an otherwise valid request; `kind` is what the report counts by. */
export interface Mutation {
  kind: string;
  detail: string;
  apply(parts: RequestParts): RequestParts;
}

const clone = (parts: RequestParts): RequestParts => structuredClone(parts);
const mutation = (kind: string, detail: string, apply: (parts: RequestParts) => void): Mutation => ({
  kind,
  detail,
  apply(parts) {
    const copy = clone(parts);
    apply(copy);
    return copy;
  },
});

/** The schema of each field the JSON (or the multipart's embedded JSON) body carries. */
function bodyFields(operation: FuzzOperation): Record<string, Schema> {
  const [type, schema] = Object.entries(operation.body ?? {})[0] ?? [];
  if (!schema) return {};
  if (type === 'multipart/form-data') {
    const inner = Object.values(schema.properties ?? {}).find((property) => property.contentSchema);
    return inner?.contentSchema?.properties ?? {};
  }
  return schema.properties ?? {};
}

const entriesOf = (body: Body | undefined) => (body && 'entries' in body ? body.entries : undefined);

function fieldMutations(operation: FuzzOperation): fc.Arbitrary<Mutation>[] {
  const fields = Object.entries(bodyFields(operation));
  if (fields.length === 0 || !operation.body) return [];
  const isForm = 'application/x-www-form-urlencoded' in operation.body;
  const replace = fc.constantFrom(...fields).chain(([name, schema]) =>
    (isForm ? hostileParam(schema) : hostileJsonValue(schema)).map((value) =>
      mutation(value.kind, `${name}=${value.raw.slice(0, 60)}`, (parts) => {
        const entries = entriesOf(parts.body)!;
        const at = entries.findIndex(([key]) => key === name);
        if (at >= 0) entries[at] = [name, value.raw];
        else entries.push([name, value.raw]);
      }),
    ),
  );
  const drop = fc.constantFrom(...fields.map(([name]) => name)).map((name) =>
    mutation('missing-field', name, (parts) => {
      const entries = entriesOf(parts.body)!;
      entries.splice(0, entries.length, ...entries.filter(([key]) => key !== name));
    }),
  );
  const extraKey = fc.oneof(
    fc.constantFrom(...PRIVILEGE_KEYS).map((key) => ({ kind: 'extra-field', key })),
    fc.constantFrom(...PROTOTYPE_KEYS).map((key) => ({ kind: 'prototype', key })),
    hostileText().map((key) => ({ kind: 'extra-field', key })),
  );
  const add = fc
    .tuple(
      extraKey,
      fc.oneof(
        fc.constantFrom(...PROTOTYPE_VALUES),
        fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
      ),
    )
    .map(([{ kind, key }, raw]) =>
      mutation(kind, `+${key.slice(0, 30)}=${raw.slice(0, 40)}`, (parts) => {
        entriesOf(parts.body)!.push([key, isForm ? encode(raw) : raw]);
      }),
    );
  const duplicate = fc.constantFrom(...fields).map(([name]) =>
    mutation('duplicate-key', name, (parts) => {
      entriesOf(parts.body)!.push([name, isForm ? 'x' : '"x"']);
    }),
  );
  return [replace, replace, drop, add, duplicate];
}

const OVERSIZED = `{"x":"${'a'.repeat(1_100_000)}"}`;

function wholeBodyMutations(operation: FuzzOperation): fc.Arbitrary<Mutation>[] {
  const raw = (detail: string, bytes: string | Buffer, contentType?: string) =>
    mutation(detail === 'oversized' ? 'oversized-body' : 'broken-body', detail, (parts) => {
      parts.body = { kind: 'raw', bytes };
      parts.contentType = contentType ?? parts.contentType ?? 'application/json';
    });
  const broken = fc.integer({ min: 0, max: 200 }).map((cut) =>
    mutation('broken-body', `truncated at ${cut}`, (parts) => {
      const entries = entriesOf(parts.body) ?? [];
      const text = rawJson(entries);
      parts.body = { kind: 'raw', bytes: text.slice(0, Math.min(cut, Math.max(text.length - 1, 0))) };
      parts.contentType = 'application/json';
    }),
  );
  const fixed = fc.constantFrom(
    raw('empty', ''),
    raw('null', 'null'),
    raw('array', '[]'),
    raw('string', '"x"'),
    raw('number 1e309', '1e309'),
    raw('deep nesting', `${'['.repeat(20_000)}${']'.repeat(20_000)}`),
    raw('deep object', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`),
    raw('proto body', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"role":"admin"}}}'),
    raw('BOM', '\ufeff{}'),
    raw('raw NUL', Buffer.from([0x7b, 0x00, 0x7d])),
    raw('invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
    raw('UTF-16', Buffer.from('{"a":"b"}', 'utf16le'), 'application/json; charset=utf-16'),
    raw('oversized', OVERSIZED),
  );
  const encoding = mutation('broken-body', 'Content-Encoding: gzip on plain text', (parts) => {
    parts.headers['content-encoding'] = 'gzip';
    if (!parts.body) parts.body = { kind: 'raw', bytes: '{}' };
  });
  return operation.body ? [broken, fixed, fixed, fc.constant(encoding)] : [fixed];
}

const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json, text/plain',
  ';;;',
  '',
];

const contentTypeMutation = fc.constantFrom(...WRONG_TYPES).map((type) =>
  mutation('content-type', type || '(none)', (parts) => {
    parts.contentType = type;
    if (!parts.body) parts.body = { kind: 'raw', bytes: '{"a":1}' };
  }),
);

const NOT_AN_IMAGE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
const TRUNCATED_PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function multipartMutations(operation: FuzzOperation): fc.Arbitrary<Mutation>[] {
  const multipart = operation.body && 'multipart/form-data' in operation.body;
  const edit = (
    detail: string,
    change: (body: Extract<Body, { kind: 'multipart' }>, parts: RequestParts) => void,
  ) =>
    mutation('multipart', detail, (parts) => {
      if (parts.body?.kind !== 'multipart') {
        const entries = entriesOf(parts.body) ?? [];
        parts.body = {
          kind: 'multipart',
          parts: entries.map(([name, value]): MultipartPart => ({ name, value })),
          entries: [],
          boundary: 'fuzz-b',
        };
        parts.contentType = undefined;
      }
      change(parts.body, parts);
    });
  const image = (detail: string, value: Buffer, filename = 'zdjęcie.png', type = 'image/png') =>
    edit(detail, (body) => body.parts.push({ name: 'image', value, filename, type }));
  const oddities = fc.constantFrom(
    edit('no boundary', (_body, parts) => void (parts.contentType = 'multipart/form-data')),
    edit('other boundary', (_body, parts) => void (parts.contentType = 'multipart/form-data; boundary=inna')),
    edit('unterminated', (body, parts) => {
      parts.body = {
        kind: 'raw',
        bytes: `--${body.boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb`,
      };
      parts.contentType = `multipart/form-data; boundary=${body.boundary}`;
    }),
    edit('field sent as a file', (body) => {
      if (body.jsonField)
        body.parts.push({ name: body.jsonField, value: '{}', filename: 'a.json', type: 'application/json' });
    }),
    edit('unknown file field', (body) =>
      body.parts.push({ name: 'plik', value: 'x', filename: 'a.txt', type: 'text/plain' }),
    ),
    edit('part without a name', (body) => body.parts.push({ name: '', value: 'x' })),
    edit('hostile file name', (body) =>
      body.parts.push({
        name: 'image',
        value: TRUNCATED_PNG,
        filename: '../../../etc/passwd\u0000.png',
        type: 'image/png',
      }),
    ),
    edit('header injection in a part', (body) =>
      body.parts.push({ name: 'a', value: 'b', headers: '\r\nContent-Type: text/html\r\nX-Injected: 1' }),
    ),
    edit('1000 fields', (body) => {
      for (let i = 0; i < 1000; i++) body.parts.push({ name: `f${i}`, value: 'x' });
    }),
    edit('big text field', (body) => body.parts.push({ name: 'notatka', value: 'x'.repeat(2_000_000) })),
    image('svg as png', NOT_AN_IMAGE),
    image('truncated png', TRUNCATED_PNG),
    image('empty image', Buffer.alloc(0)),
    image('two images', TRUNCATED_PNG, 'a.png'),
    image('oversized image', Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'duże.png'),
  );
  return multipart ? [oddities, oddities] : [oddities];
}

function parameterMutations(operation: FuzzOperation, where: 'path' | 'query'): fc.Arbitrary<Mutation>[] {
  const parameters = operation.parameters.filter((parameter) => parameter.in === where);
  if (parameters.length === 0) return [];
  const replace = fc.constantFrom(...parameters).chain((parameter) =>
    hostileParam(parameter.schema).map((value) =>
      mutation(`${where}:${value.kind}`, `${parameter.name}=${value.raw.slice(0, 60)}`, (parts) => {
        if (where === 'path') parts.pathParams[parameter.name] = value.raw;
        else
          parts.query = [
            ...parts.query.filter(([key]) => key !== parameter.name),
            [parameter.name, value.raw],
          ];
      }),
    ),
  );
  if (where === 'path') return [replace, replace];
  const spelling = fc
    .tuple(fc.constantFrom(...parameters), fc.constantFrom('[]', '[a]', '[__proto__]', '.x', ''))
    .map(([parameter, suffix]) =>
      mutation('query:spelling', `${parameter.name}${suffix} twice`, (parts) => {
        parts.query.push([`${encode(parameter.name + suffix)}`, '1'], [parameter.name, '2']);
      }),
    );
  return [replace, replace, spelling];
}

const extraQuery = fc
  .tuple(
    fc.constantFrom('__proto__[isAdmin]', 'constructor[prototype][x]', 'role', 'q', 'page', 'a'),
    hostileText(),
  )
  .map(([key, value]) =>
    mutation('query:extra', `${key}`, (parts) => {
      parts.query.push([encode(key), encode(value).replace(/%ED%A0%80/g, '')]);
    }),
  );

const headerMutations = (operation: FuzzOperation): fc.Arbitrary<Mutation> =>
  fc.oneof(
    fc.constantFrom(
      ...[
        ['accept', 'application/xml'],
        ['accept', '*/*;q=abc'],
        ['accept-encoding', 'gzip;q=2, br;q=-1, x-unknown'],
        ['accept-language', 'x'.repeat(4000)],
        ['x-forwarded-for', 'nie-adres, ::ffff:1.2.3.4, 999.1.1.1'],
        ['x-forwarded-proto', 'gopher'],
        ['x-http-method-override', 'DELETE'],
        ['origin', 'https://evil.example'],
        ['referer', 'javascript:alert(1)'],
        ['if-none-match', '"'.repeat(100)],
        ['range', 'bytes=999999999-1'],
      ].map(([name, value]) =>
        mutation(
          'header',
          `${name}: ${value!.slice(0, 30)}`,
          (parts) => void (parts.headers[name!] = value!),
        ),
      ),
    ),
    ...(operation.csrf
      ? [
          fc.constantFrom('', 'x', 'a'.repeat(300), '\u00e9', 'null').map((token) =>
            mutation('header:csrf', token.slice(0, 20) || '(missing)', (parts) => {
              if (token === '') delete parts.headers['x-csrf-token'];
              else parts.headers['x-csrf-token'] = token === '\u00e9' ? 'ok%C3%A9' : token;
            }),
          ),
        ]
      : []),
    fc.constantFrom('sid=s%3Agarbage', 'a=b; a=c', '=;=;', `x=${'y'.repeat(3000)}`).map((cookie) =>
      mutation('header:cookie', cookie.slice(0, 30), (parts) => {
        parts.headers.cookie = [parts.headers.cookie, cookie].filter(Boolean).join('; ');
      }),
    ),
  );

/** Every kind of single mutation that applies to this operation, weighted towards its own inputs. */
export function mutationsFor(operation: FuzzOperation): fc.Arbitrary<Mutation> {
  return fc.oneof(
    ...fieldMutations(operation),
    ...wholeBodyMutations(operation),
    contentTypeMutation,
    ...multipartMutations(operation),
    ...parameterMutations(operation, 'path'),
    ...parameterMutations(operation, 'query'),
    extraQuery,
    headerMutations(operation),
  );
}
