import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pinoHttp } from 'pino-http';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

describe('logger', () => {
  it('never writes cookies, the CSRF token, authorization headers or passwords', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = createLogger('info', sink);
    const app = express();
    app.use(pinoHttp({ logger }));
    app.get('/x', (_req, res) => {
      res.cookie('blog.sid', 'session-secret-value').json({ ok: true });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/x`, {
        headers: {
          cookie: 'blog.sid=cookie-secret-value',
          'x-csrf-token': 'csrf-secret-value',
          authorization: 'Bearer auth-secret-value',
          'proxy-authorization': 'Basic proxy-secret-value',
        },
      });
      logger.info({ password: 'password-secret-value', user: { resetToken: 'token-secret-value' } }, 'x');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const written = lines.join('');
    expect(written).toContain('[redacted]');
    expect(written).toContain('"url":"/x"');
    expect(written).not.toMatch(/secret-value/);
  });
});

describe('JSON lines on standard output', () => {
  /** A process that logs one line, waits `waitMs`, logs another and exits at once. */
  const script = (waitMs: number) => `
    const { rootLogger } = await import(${JSON.stringify(new URL('./logger.ts', import.meta.url).href)});
    rootLogger.info('first line');
    await new Promise((resolve) => setTimeout(resolve, ${waitMs}));
    rootLogger.info('last line');
    process.exit(0);
  `;

  it('writes a quiet process’s lines within about a second, and everything on exit', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(3000)], {
      env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const seen: { text: string }[] = [];
    child.stdout.setEncoding('utf8').on('data', (text: string) => seen.push({ text }));
    const exitCode = await new Promise((resolve) => child.once('exit', resolve));
    const output = seen.map((chunk) => chunk.text).join('');
    expect(exitCode).toBe(0);
    expect(output).toContain('"msg":"first line"');
    expect(output).toContain('"msg":"last line"');
    // Written on its own, before the process logged again 3 s later: the batch goes out each second.
    const first = seen.find((chunk) => chunk.text.includes('first line'))!;
    expect(first.text).not.toContain('last line');
  }, 20_000);
});
