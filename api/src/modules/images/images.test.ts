import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { readError } from '../../../test/http.ts';

let api: TestApi;
let png: Buffer;
beforeAll(async () => {
  api = await startTestApi();
  await mkdir(api.config.uploadsDir, { recursive: true });
  png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  await writeFile(path.join(api.config.uploadsDir, 'okładka-test.png'.replace('ł', 'l')), png);
  await writeFile(path.join(api.config.dataDir, 'secret.png'), 'not for you');
  await symlink(path.join(api.config.dataDir, 'secret.png'), path.join(api.config.uploadsDir, 'link.png'));
});
afterAll(async () => {
  await api?.close();
});

/** A request whose path is sent byte for byte (fetch would normalise the dots away). */
const rawGet = (rawPath: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: api.port, path: rawPath }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('GET /api/images/{file}', () => {
  it('serves an uploaded image with its type, a year of caching and nosniff', async () => {
    const res = await api.fetch('/api/images/okladka-test.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  it('answers 404 JSON for a missing image', async () => {
    const res = await api.fetch('/api/images/brak.png');
    expect(res.status).toBe(404);
    expect(await readError(res)).toEqual({ error: 'not_found', message: 'Nie znaleziono obrazu.' });
  });

  it.each([
    '/api/images/..%2Fsecret.png',
    '/api/images/..%2F..%2F..%2Fetc%2Fpasswd',
    '/api/images/%2e%2e%2fsecret.png',
    '/api/images/%252e%252e%252fsecret.png',
    '/api/images/%2Fetc%2Fpasswd',
    '/api/images/..%5csecret.png',
    '/api/images/.env',
    '/api/images/a%00.png',
  ])('refuses %s with 400', async (rawPath) => {
    const res = await rawGet(rawPath);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'bad_request', message: 'Nieprawidłowa nazwa pliku.' });
  });

  it.each([
    '/api/images/../secret.png',
    '/api/images/../../../../etc/passwd',
    '/api/images/sub/../../secret.png',
  ])('never serves a file outside the folder for the raw path %s', async (rawPath) => {
    const res = await rawGet(rawPath);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('not for you');
  });

  it('does not follow a symlink out of the uploads folder', async () => {
    const res = await api.fetch('/api/images/link.png');
    expect(res.status).toBe(404);
  });
});
