import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { describe, expect, it } from 'vitest';
import { helmetMiddleware, securityHeaders } from './security-headers.ts';

/** The headers one middleware leaves on a real response (X-Powered-By set first, as a framework would). */
async function headersAfter(middleware: RequestHandler): Promise<Record<string, string>> {
  const server = http.createServer((req, res) => {
    res.setHeader('X-Powered-By', 'Express');
    (middleware as unknown as http.RequestListener & ((...args: unknown[]) => void))(req, res, () =>
      res.end('ok'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers = Object.fromEntries(res.headers);
    delete headers.date;
    return headers;
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  for (const isProduction of [false, true]) {
    it(`are exactly helmet's (${isProduction ? 'production' : 'development'})`, async () => {
      const expected = await headersAfter(helmetMiddleware({ isProduction }));
      expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(expected['x-powered-by']).toBeUndefined();
      expect(await headersAfter(securityHeaders({ isProduction }))).toEqual(expected);
    });
  }
});
