import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { describe, expect, it } from 'vitest';
import { EMBED_FRAME_ORIGINS } from '@blog/shared/post-cards';
import { helmetMiddleware, securityHeaders } from './security-headers.ts';

/** The headers one middleware leaves on a real response (X-Powered-By set first, as a framework would). */
async function headersAfter(middleware: RequestHandler, path = '/'): Promise<Record<string, string>> {
  const server = http.createServer((req, res) => {
    res.setHeader('X-Powered-By', 'Express');
    (middleware as unknown as http.RequestListener & ((...args: unknown[]) => void))(req, res, () =>
      res.end('ok'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    const headers = Object.fromEntries(res.headers);
    delete headers.date;
    return headers;
  } finally {
    server.close();
  }
}

const frameSrc = (headers: Record<string, string>) =>
  /(?:^|;)\s*frame-src ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1];

describe('frames', () => {
  it('the public pages frame exactly the embed players; the panel and the API frame nothing', async () => {
    const headers = securityHeaders({ isProduction: true });
    for (const path of ['/', '/post/jakis-wpis', '/o-blogu', '/administracja']) {
      expect(frameSrc(await headersAfter(headers, path)), path).toBe(EMBED_FRAME_ORIGINS.join(' '));
    }
    for (const path of ['/admin', '/admin/posts/1', '/api/posts', '/api?x=1']) {
      expect(frameSrc(await headersAfter(headers, path)), path).toBe("'none'");
    }
    expect(EMBED_FRAME_ORIGINS).toContain('https://www.youtube-nocookie.com');
    expect(EMBED_FRAME_ORIGINS.every((origin) => /^https:\/\/[a-z.-]+$/.test(origin))).toBe(true);
  });
});

describe('security headers', () => {
  for (const isProduction of [false, true]) {
    it(`are exactly helmet's (${isProduction ? 'production' : 'development'})`, async () => {
      const expected = await headersAfter(helmetMiddleware({ isProduction, players: true }));
      expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(expected['x-powered-by']).toBeUndefined();
      expect(await headersAfter(securityHeaders({ isProduction }))).toEqual(expected);
      const panel = await headersAfter(helmetMiddleware({ isProduction, players: false }));
      expect(await headersAfter(securityHeaders({ isProduction }), '/admin/posts')).toEqual(panel);
    });
  }
});
