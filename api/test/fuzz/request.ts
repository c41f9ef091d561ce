import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FuzzOperation, Schema } from './contract.ts';
import { sampleOf } from './samples.ts';
import { encode } from './values.ts';

/** A JSON object as raw `key → JSON text` pairs: one pair can hold text JSON.stringify never writes. */
export type RawEntries = [string, string][];

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
  /** Extra raw part headers (a multipart oddity). */
  headers?: string;
}

export type Body =
  | { kind: 'json'; entries: RawEntries }
  /** `application/x-www-form-urlencoded` pairs, raw (already encoded). */
  | { kind: 'form'; entries: RawEntries }
  /** Parts; `jsonField` names the part whose value is the JSON text of `entries` (the post editor's postData). */
  | { kind: 'multipart'; parts: MultipartPart[]; jsonField?: string; entries: RawEntries; boundary: string }
  | { kind: 'raw'; bytes: string | Buffer };

/** One request, kept in parts so that a mutation changes exactly one of them. */
export interface RequestParts {
  pathParams: Record<string, string>;
  query: RawEntries;
  headers: Record<string, string>;
  body?: Body;
  contentType?: string;
}

const jsonEntries = (value: unknown): RawEntries =>
  Object.entries((value ?? {}) as Record<string, unknown>).map(([key, item]) => [key, JSON.stringify(item)]);

export const rawJson = (entries: RawEntries) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;

/** The valid request the mutations start from. */
export function validRequest(operation: FuzzOperation, known: Record<string, unknown>): RequestParts {
  const pathParams: Record<string, string> = {};
  const query: RawEntries = [];
  for (const parameter of operation.parameters) {
    const value = sampleOf(parameter.schema, parameter.name, known);
    if (parameter.in === 'path') pathParams[parameter.name] = encode(String(value));
    else if (parameter.in === 'query' && (parameter.required || parameter.name in known))
      query.push([parameter.name, encode(String(value))]);
  }
  const parts: RequestParts = { pathParams, query, headers: {} };
  const [type, schema] = Object.entries(operation.body ?? {})[0] ?? [];
  if (!type || !schema) return parts;
  if (type === 'application/json') {
    parts.body = { kind: 'json', entries: jsonEntries(sampleOf(schema, operation.operationId, known)) };
  } else if (type === 'application/x-www-form-urlencoded') {
    const value = sampleOf(schema, operation.operationId, known) as Record<string, unknown>;
    parts.body = {
      kind: 'form',
      entries: Object.entries(value).map(([key, item]) => [key, encode(String(item))]),
    };
  } else if (type === 'multipart/form-data') {
    const jsonField = Object.entries(schema.properties ?? {}).find(
      ([, property]) => property.contentSchema,
    )?.[0];
    const inner: Schema | undefined = jsonField ? schema.properties![jsonField]!.contentSchema : undefined;
    parts.body = {
      kind: 'multipart',
      parts: [],
      jsonField,
      entries: jsonEntries(sampleOf(inner, operation.operationId, known)),
      boundary: '----fuzz-boundary-7MA4YWxkTrZu0gW',
    };
  }
  return parts;
}

function multipartBytes(body: Extract<Body, { kind: 'multipart' }>): Buffer {
  const parts = body.jsonField
    ? [{ name: body.jsonField, value: rawJson(body.entries) } as MultipartPart, ...body.parts]
    : body.parts;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(
      Buffer.from(
        `--${body.boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}${part.headers ?? ''}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${body.boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The request line's path, headers and body bytes of these parts. */
export function serialize(operation: FuzzOperation, parts: RequestParts) {
  const path = operation.template.replace(/\{(\w+)\}/g, (_, name: string) => parts.pathParams[name] ?? '');
  const query = parts.query.map(([key, value]) => `${key}=${value}`).join('&');
  const headers = { ...parts.headers };
  let bytes: string | Buffer | undefined;
  let type: string | undefined;
  const body = parts.body;
  if (body?.kind === 'json') [bytes, type] = [rawJson(body.entries), 'application/json'];
  if (body?.kind === 'form')
    [bytes, type] = [
      body.entries.map(([k, v]) => `${k}=${v}`).join('&'),
      'application/x-www-form-urlencoded',
    ];
  if (body?.kind === 'multipart')
    [bytes, type] = [multipartBytes(body), `multipart/form-data; boundary=${body.boundary}`];
  if (body?.kind === 'raw') bytes = body.bytes;
  const contentType = parts.contentType ?? type;
  if (contentType !== undefined && contentType !== '') headers['content-type'] = contentType;
  return { path: `${operation.base}${path}${query ? `?${query}` : ''}`, headers, bytes };
}

export interface Answer {
  status: number;
  type: string;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

function decoded(bytes: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(bytes);
  if (encoding === 'br') return brotliDecompressSync(bytes);
  if (encoding === 'deflate') return inflateSync(bytes);
  return bytes;
}

/** Sends the request exactly as built (node:http: no URL normalisation, any bytes in the body). */
export function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  bytes?: string | Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // node:http sends a DELETE's or GET's body without a length unless told: the server would read it as a next request.
    const length = bytes === undefined ? {} : { 'content-length': String(Buffer.byteLength(bytes)) };
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, ...length }, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            text: decoded(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(bytes);
  });
}
