// The loopback proxy both scanners go through (see scan.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The loopback proxy both scanners use: a client address of its own per request, HTTPS as seen by the API. */
export async function startClientProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  let n = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', target); // proxies get absolute URIs; only the path is kept
    const i = n++;
    const upstream = http.request(
      `${target}${url.pathname}${url.search}`,
      {
        method: req.method,
        headers: {
          ...req.headers,
          host: new URL(target).host,
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          'x-forwarded-proto': 'https',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
