import { CspEvaluator } from 'csp_evaluator/dist/evaluator.js';
import { Severity } from 'csp_evaluator/dist/finding.js';
import { CspParser } from 'csp_evaluator/dist/parser.js';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness.ts';

describe('HTTP skeleton', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers /healthz while alive', async () => {
    const res = await api.fetch('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 when PostgreSQL and Redis answer', async () => {
    const res = await api.fetch('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('sends security headers (CSP, nosniff, no x-powered-by)', async () => {
    const res = await api.fetch('/healthz');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('has a Content-Security-Policy in which csp_evaluator finds nothing high or medium', async () => {
    const policy = (await api.fetch('/healthz')).headers.get('content-security-policy')!;
    const findings = new CspEvaluator(new CspParser(policy).csp).evaluate();
    const serious = findings.filter((finding) =>
      [Severity.HIGH, Severity.SYNTAX, Severity.MEDIUM].includes(finding.severity),
    );
    expect(serious.map((finding) => `${finding.directive}: ${finding.description}`)).toEqual([]);
  });

  it('answers an unknown API path with a JSON 404, never the SPA', async () => {
    const res = await api.fetch('/api/definitely-not-a-route');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body).toEqual({ error: 'not_found', message: expect.any(String) });
  });

  it('answers malformed JSON with 400 and a clear message, without a stack trace', async () => {
    const res = await api.fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Ala", ',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: 'bad_request', message: 'Nieprawidłowy format JSON.' });
    expect(text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('ignores a body that comes with a GET (the contract documents none) and refuses NUL in the query', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `http://127.0.0.1:${api.port}/api/csrf-token`,
        { method: 'GET', headers: { 'content-type': 'application/json', 'content-length': '11' } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end('{"broken": ');
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('csrfToken');
    const nul = await api.fetch('/api/csrf-token?x=%00');
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as { message: string }).message).toBe('Dane zawierają niedozwolony znak.');
    expect((await api.fetch('/api/csrf-token')).status).toBe(200);
  });

  it('answers 415 to a body of a type the operation does not take, before reading it', async () => {
    const send = (type: string | undefined, body: string) =>
      api.fetch('/api/contact', { method: 'POST', headers: type ? { 'content-type': type } : {}, body });
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'name=Ala&email=ala%40example.pl&message=Hej'],
      ['text/plain', '{"name":"Ala"}'],
      ['multipart/form-data; boundary=x', '--x--'],
      [undefined, '{"name":"Ala"}'],
    ] as const) {
      const res = await send(type, body);
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({
        error: 'unsupported_media_type',
        message: 'Nieobsługiwany typ treści.',
      });
    }
    // JSON with a charset is JSON: past the type check, the empty form fails its own checks.
    expect((await send('application/json; charset=utf-8', '{}')).status).not.toBe(415);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await api.fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe('payload_too_large');
  });
});
