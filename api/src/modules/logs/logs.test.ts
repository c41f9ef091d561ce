import type { LogsResponse } from '@blog/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { buildUser } from '../../../test/factories.ts';
import { testApiForFile } from '../../../test/file-api.ts';
import { clientIp, readError } from '../../../test/http.ts';
import { appendLog } from './capped-log.ts';
import { LOG_TYPES, logKey } from './log-types.ts';

const PASSWORD = 'Dobre-Hasło1';
let admin: TestBrowser;
const api = testApiForFile({ TRUST_PROXY: '1' });
beforeAll(async () => {
  const user = await buildUser({ role: 'admin', password: PASSWORD });
  admin = new TestBrowser(api, clientIp());
  await admin.signIn(user.username, PASSWORD);
});

const read = async (type: string, limit = 1000) => {
  const res = await admin.call('GET', `/api/admin/logs?type=${type}&limit=${limit}&_t=${Date.now()}`);
  expect(res.status).toBe(200);
  return (await res.json()) as LogsResponse;
};

describe('GET /api/admin/logs', () => {
  it('answers newest first, never cached, with the line format of the contract', async () => {
    await appendLog(api.runtime, 'application', 'INFO', 'starszy wpis');
    await appendLog(api.runtime, 'application', 'WARN', 'nowszy wpis');
    const res = await admin.call('GET', '/api/admin/logs?type=application&limit=50');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as LogsResponse;
    expect(body.logs[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z WARN nowszy wpis$/);
    expect(body.logs[1]).toMatch(/ INFO starszy wpis$/);
    expect(body.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses an unknown type, a missing type and a limit outside 50/100/200/500/1000', async () => {
    for (const query of [
      'type=other',
      '',
      'type=system&limit=30',
      'type=system&limit=abc',
      'type=system&limit=1001',
    ]) {
      const res = await admin.call('GET', `/api/admin/logs?${query}`);
      expect(res.status, query).toBe(400);
      expect((await readError(res)).message).toMatch(/rodzaj logów|Liczba linii/);
    }
    const body = await read('system', 50);
    expect(body.logs.length).toBeLessThanOrEqual(50);
  });

  it('limits the lines to the requested count', async () => {
    for (let i = 0; i < 60; i++) await appendLog(api.runtime, 'error', 'DEBUG', `wpis ${i}`);
    const body = await read('error', 50);
    expect(body.logs).toHaveLength(50);
    expect(body.logs[0]).toMatch(/wpis 59$/);
    expect(body.total).toBeGreaterThanOrEqual(60);
  });
});

describe('generate-test and clear', () => {
  it('writes one entry of each level, and clearing empties that log only', async () => {
    const generated = await admin.call('POST', '/api/admin/logs/generate-test');
    expect(generated.status).toBe(200);
    const system = await read('system');
    for (const level of ['ERROR', 'WARN', 'INFO', 'DEBUG']) {
      expect(system.logs.some((line) => line.includes(` ${level} Wpis testowy`))).toBe(true);
    }
    const before = await read('application');
    expect(before.total).toBeGreaterThan(0);

    const cleared = await admin.call('POST', '/api/admin/logs/clear', { type: 'system' });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toEqual({ message: 'Logi wyczyszczone' });
    expect((await read('system')).total).toBe(0);
    expect((await read('application')).total).toBeGreaterThanOrEqual(before.total);

    const bad = await admin.call('POST', '/api/admin/logs/clear', { type: 'wszystkie' });
    expect(bad.status).toBe(400);
  });
});

describe('who may read logs', () => {
  it('gives a publisher and a visitor no access to any logs call', async () => {
    const publisher = await buildUser({ role: 'publisher', password: PASSWORD });
    const asPublisher = new TestBrowser(api, clientIp());
    await asPublisher.signIn(publisher.username, PASSWORD);
    const visitor = new TestBrowser(api, clientIp());
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/logs?type=application'],
      ['POST', '/api/admin/logs/clear', { type: 'application' }],
      ['POST', '/api/admin/logs/generate-test'],
    ];
    for (const [method, path, body] of calls) {
      expect((await asPublisher.call(method, path, body)).status, path).toBe(403);
      expect((await visitor.call(method, path, body)).status, path).toBe(401);
    }
  });
});

describe('secrets', () => {
  it('never writes the password of a failed sign-in to any log', async () => {
    const user = await buildUser({ role: 'publisher', password: PASSWORD });
    const secret = `Zle-Haslo-${Date.now()}!`;
    const guess = new TestBrowser(api, clientIp());
    const res = await guess.call('POST', '/api/login', { username: user.username, password: secret });
    expect(res.status).toBe(401);
    // Typed into the login field by mistake: an unknown name is not written either.
    await guess.call('POST', '/api/login', { username: secret, password: secret });

    const application = await read('application');
    expect(application.logs.some((line) => line.includes('WARN Nieudane logowanie'))).toBe(true);
    for (const type of LOG_TYPES) {
      const body = await read(type);
      expect(JSON.stringify(body), type).not.toContain(secret);
    }
  });
});

describe('who did what', () => {
  it('writes the sign-in and each successful change with the account and its address; not reads or refusals', async () => {
    const ip = clientIp();
    const user = await buildUser({ role: 'admin', password: PASSWORD, displayName: 'Ewa Audyt' });
    const browser = new TestBrowser(api, ip);
    await browser.signIn(user.username, PASSWORD);
    const created = await browser.call('POST', '/api/admin/categories', { name: `Audyt ${Date.now()}` });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await browser.call('POST', '/api/admin/categories', { name: '' })).status).toBe(400);
    await browser.call('GET', '/api/admin/users');

    const who = `[użytkownik: Ewa Audyt <${user.email}>, IP: ${ip}]`;
    const mine = (await read('application')).logs.filter((line) => line.endsWith(who));
    expect(mine.map((line) => line.replace(/^\S+ /, ''))).toEqual([
      `INFO Zmiana: adminCreateCategory (POST /api/admin/categories) ${who}`,
      `INFO Zalogowano ${who}`,
    ]);
    expect(id).toBeGreaterThan(0);
  });
});

describe('log forging', () => {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

  it('writes a name’s line breaks and bidi controls out visibly, so they cannot fake another entry', async () => {
    const displayName = 'Evil\n2026-11-27T10:00:00.000Z ERROR Fake entry\r\u2028\u0085\u202Ex';
    const user = await buildUser({ role: 'subscriber', password: PASSWORD, displayName });
    await new TestBrowser(api, clientIp()).signIn(user.username, PASSWORD);

    const { logs } = await read('application');
    const line = logs.find((entry) => entry.includes(`<${user.email}>`));
    expect(line).toContain(
      'Zalogowano [użytkownik: Evil\\n2026-11-27T10:00:00.000Z ERROR Fake entry\\r\\u2028\\u0085\\u202ex <',
    );
    for (const entry of logs) expect(entry).not.toMatch(UNSAFE);
  });

  it('escapes an entry written before the writer did, as it is read', async () => {
    const key = logKey(api.config.REDIS_PREFIX, 'system');
    const forged = `stary wpis\n2026-11-27T10:00:00.000Z ERROR Fake ${Date.now()}`;
    await api.runtime.redis.xadd(key, '*', 't', new Date().toISOString(), 'l', 'INFO', 'm', forged);
    const { logs } = await read('system');
    expect(logs.find((entry) => entry.includes('stary wpis'))).toContain(
      `stary wpis\\n2026-11-27T10:00:00.000Z`,
    );
    for (const entry of logs) expect(entry).not.toMatch(UNSAFE);
  });
});
