import { openapiPath } from '@blog/shared';
import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractOperations } from './contract-operations.ts';

const operations = contractOperations();
const sampleUrl = (template: string) => template.replace(/\{\w+\}/g, '17');

describe('contract operations (which operation a request is)', () => {
  it('reads every operation of openapi.yaml with its access rule', () => {
    expect(operations.all.length).toBeGreaterThan(50);
    for (const operation of operations.all) {
      expect(operation.operationId, operation.path).toMatch(/^\w+$/);
      expect(['public', 'user', 'staff', 'admin'], operation.operationId).toContain(operation.access);
    }
  });

  it.each(operations.all.map((operation) => [operation.method, operation.path, operation.operationId]))(
    '%s %s is %s',
    (method, path, operationId) => {
      expect(operations.match(method, sampleUrl(path))?.operationId).toBe(operationId);
    },
  );

  it('prefers a concrete path, and falls back to a templated one that has the method', () => {
    expect(operations.match('POST', '/admin/comments/bulk-delete')?.operationId).toBe(
      operations.all.find((op) => op.path === '/admin/comments/bulk-delete' && op.method === 'POST')
        ?.operationId,
    );
    // No DELETE on the concrete path: it is DELETE /admin/comments/{id}, so its access rule still applies.
    const deleteOne = operations.match('DELETE', '/admin/comments/bulk-delete');
    expect(deleteOne?.path).toBe('/admin/comments/{id}');
    expect(deleteOne?.access).toBe('staff');
    expect(deleteOne?.pathParams).toEqual({ id: 'bulk-delete' });
  });

  it('matches HEAD as GET and decodes path parameters', () => {
    expect(operations.match('HEAD', '/admin/users')?.access).toBe('admin');
    expect(operations.match('GET', '/posts/za%C5%BC%C3%B3%C5%82%C4%87')?.pathParams).toEqual({
      slugOrId: 'zażółć',
    });
    expect(operations.match('GET', '/posts/%E0%A4%A')?.pathParams).toEqual({ slugOrId: '%E0%A4%A' });
  });

  it('matches exactly: no trailing slash, other case, encoded letter or dot segment', () => {
    for (const path of [
      '/admin/users/',
      '/ADMIN/users',
      '/Admin/users',
      '/%61dmin/users',
      '/./admin/users',
      '//admin/users',
    ])
      expect(operations.match('GET', path)).toBeUndefined();
  });

  it('matches nothing outside the contract', () => {
    expect(operations.match('GET', '/nie-ma-takiego')).toBeUndefined();
    expect(operations.match('GET', '/admin/users/17/extra')).toBeUndefined();
    expect(operations.match('PATCH', '/posts')).toBeUndefined();
  });

  it('agrees with express-openapi-validator on every operation', async () => {
    const app = express();
    app.use(
      OpenApiValidator.middleware({
        apiSpec: openapiPath,
        validateRequests: false,
        // Only the routing is compared; who may call is the API's x-auth (app.ts turns this off too).
        validateSecurity: false,
        ignoreUndocumented: true,
      }),
    );
    app.use((req, res) => {
      const matched = (req as { openapi?: { schema?: { operationId?: string } } }).openapi;
      res.json({ operationId: matched?.schema?.operationId ?? null });
    });
    const agent = request(app);
    for (const operation of operations.all) {
      const url = `/api${sampleUrl(operation.path)}`;
      const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const response = await agent[method](url);
      expect(response.body, `${operation.method} ${url}`).toEqual({ operationId: operation.operationId });
    }
  });
});
