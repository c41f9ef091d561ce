import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { openapiPath } from './index.ts';
import { checkSchemaAliases, lintContract } from './lint-contract.ts';

// Tests reach deep into the parsed YAML to break it on purpose; typing every level would only add casts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = Record<string, any>;

const yamlText = readFileSync(openapiPath, 'utf8');
const freshDoc = (): Doc => parse(yamlText);

describe('the committed contract', () => {
  it('keeps every structural rule', () => {
    expect(lintContract(freshDoc())).toEqual([]);
  });

  it('has an alias in src/index.ts for every schema', () => {
    const indexSource = readFileSync(new URL('./index.ts', import.meta.url), 'utf8');
    expect(checkSchemaAliases(freshDoc(), indexSource)).toEqual([]);
  });

  it('serves everything under /api except the root probes and feeds', () => {
    const doc = freshDoc();
    expect(doc.servers).toEqual([{ url: '/api', 'x-internal': false }]);
    const rootPaths = Object.entries(doc.paths as Doc)
      .filter(([, item]) => Array.isArray(item.servers))
      .map(([path]) => path);
    expect(rootPaths.sort()).toEqual(['/healthz', '/readyz', '/rss.xml', '/sitemap.xml']);
  });
});

describe('lintContract', () => {
  it('reports a $ref that points nowhere', () => {
    const doc = freshDoc();
    doc.components.schemas.PostDetail.properties.comments.items.$ref = '#/components/schemas/Nope';
    expect(lintContract(doc)).toContainEqual(
      expect.stringContaining('#/components/schemas/Nope does not resolve'),
    );
  });

  it('reports a nested response object that is not closed', () => {
    const doc = freshDoc();
    delete doc.components.schemas.PostAuthor.additionalProperties;
    const problems = lintContract(doc);
    expect(problems).toContainEqual(
      '#/components/schemas/PostAuthor: object schema without additionalProperties: false',
    );
  });

  it('reports an inline response object that is not closed', () => {
    const doc = freshDoc();
    delete doc.components.schemas.Readiness.properties.checks.additionalProperties;
    expect(lintContract(doc)).toContainEqual(
      '#/components/schemas/Readiness.checks: object schema without additionalProperties: false',
    );
  });

  it('reports a 429 answer without Retry-After', () => {
    const doc = freshDoc();
    delete doc.components.responses.TooManyRequests.headers;
    expect(lintContract(doc)).toContainEqual('POST /login 429: must declare a Retry-After header');
  });

  it('reports an error answer that is not the shared Error', () => {
    const doc = freshDoc();
    doc.paths['/posts/{slugOrId}'].get.responses['404'] = {
      description: 'x',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/MessageResponse' } } },
    };
    expect(lintContract(doc)).toContainEqual(
      'GET /posts/{slugOrId} 404: error responses must be application/json #/components/schemas/Error',
    );
  });

  it('reports missing names, tags and access rules', () => {
    const doc = freshDoc();
    const operation = doc.paths['/admin/users'].get;
    delete operation.operationId;
    operation.tags = ['admin'];
    delete operation.responses['401'];
    const problems = lintContract(doc);
    expect(problems).toContainEqual('GET /admin/users: missing operationId');
    expect(problems).toContainEqual(expect.stringContaining('GET /admin/users: needs exactly one tag'));
    expect(problems).toContainEqual('GET /admin/users: x-auth admin needs 401 and 403 responses');
  });

  it('reports a state-changing call without the CSRF header', () => {
    const doc = freshDoc();
    const operation = doc.paths['/subscribe'].post;
    operation['x-csrf'] = false;
    operation.parameters = [];
    expect(lintContract(doc)).toContainEqual(
      'POST /subscribe: a state-changing call without CSRF protection',
    );
  });

  it('reports a duplicate operationId and an undeclared path parameter', () => {
    const doc = freshDoc();
    doc.paths['/admin/posts/{id}'].delete.operationId = 'adminGetPost';
    doc.paths['/admin/posts/{id}'].delete.parameters = [];
    doc.paths['/admin/posts/{id}'].delete['x-csrf'] = false;
    const problems = lintContract(doc);
    expect(problems).toContainEqual(expect.stringContaining('operationId adminGetPost already used'));
    expect(problems).toContainEqual(
      'DELETE /admin/posts/{id}: path parameter id is not declared as required',
    );
  });
});

describe('checkSchemaAliases', () => {
  it('names the schemas without an alias', () => {
    expect(checkSchemaAliases(freshDoc(), '')).toContainEqual(
      "shared/src/index.ts: missing alias export type PostSummary = components['schemas']['PostSummary'];",
    );
    expect(checkSchemaAliases(freshDoc(), '')).toContainEqual(
      "shared/src/index.ts: missing alias export type ApiError = components['schemas']['Error'];",
    );
  });
});
