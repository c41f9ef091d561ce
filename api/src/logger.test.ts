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
