import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { openapiPath } from '@blog/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createRuntime, type Runtime } from '../runtime.ts';
import { createTestConfig, startTestApi, type TestApi } from '../test/harness.ts';
import { exactRouter } from '../http/routes.ts';
import { createApp } from './app.ts';

interface Operation {
  operationId: string;
}
type PathItem = Record<string, Operation | unknown> & { servers?: unknown };

describe('the contract is enforced on responses', () => {
  let runtime: Runtime;
  beforeAll(async () => {
    runtime = await createRuntime(await createTestConfig());
  });
  afterAll(async () => {
    await runtime?.close();
  });

  it('turns a response with an undocumented field into a loud 500 outside production', async () => {
    const leaky = exactRouter().get('/site-settings', (_req, res) => {
      res.json({
        titleLink: '/',
        blogDescription: 'x',
        aboutPageContent: '',
        commentsEnabled: true,
        secret: 1,
      });
    });
    const app = createApp(runtime, { extraRouters: [leaky] });
    const server = createServer(app).listen(0);
    try {
      const port = (server.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/site-settings`);
      expect(res.status).toBe(500);
      expect(((await res.json()) as { message: string }).message).toMatch(/kontraktem API/);
    } finally {
      server.close();
    }
  });
});

describe('every documented operation is routed', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers each one with JSON, never a 5xx (except 501 for calls not built yet) and never "no such API"', async () => {
    const spec = parse(await readFile(openapiPath, 'utf8')) as { paths: Record<string, PathItem> };
    const methods = ['get', 'post', 'put', 'patch', 'delete'];
    const problems: string[] = [];
    for (const [template, item] of Object.entries(spec.paths)) {
      const prefix = item.servers ? '' : '/api';
      const concrete = template.replace(/\{[^}]+\}/g, '1');
      for (const method of methods.filter((name) => name in item)) {
        const res = await api.fetch(`${prefix}${concrete}`, {
          method: method.toUpperCase(),
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${problems.length}.1` },
          body: method === 'get' || method === 'delete' ? undefined : '{}',
        });
        const type = res.headers.get('content-type') ?? '';
        const body = await res.text();
        const label = `${method.toUpperCase()} ${template} → ${res.status}`;
        if (res.status >= 500 && res.status !== 501 && res.status !== 503)
          problems.push(`${label}: ${body.slice(0, 200)}`);
        if (res.status === 404 && body.includes('Nie ma takiego adresu API'))
          problems.push(`${label}: not routed`);
        if (res.status === 404 && !template.includes('{'))
          problems.push(`${label}: a fixed path answered 404`);
        if ((res.status >= 400 || !prefix) && !/json|xml/.test(type))
          problems.push(`${label}: not JSON (${type})`);
      }
    }
    expect(problems).toEqual([]);
  });
});
