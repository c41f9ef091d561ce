/**
 * The ceiling: a bare Node `http` server, run as a child of bench/run.ts, that answers every
 * recorded path with the exact bytes and headers the API gave, from memory. Input: the path of a
 * JSON file of RecordedResponse; output: one line `{"port":N}` once listening.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';

export interface RecordedResponse {
  path: string;
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

const recorded = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as RecordedResponse[];
const routes = new Map(
  recorded.map((response) => {
    const body = Buffer.from(response.bodyBase64, 'base64');
    return [
      response.path,
      {
        status: response.status,
        headers: { ...response.headers, 'content-length': String(body.length) },
        body,
      },
    ] as const;
  }),
);

const server = http.createServer((req, res) => {
  const route = routes.get(req.url ?? '');
  if (!route) {
    res.writeHead(404, { 'content-length': '0' });
    res.end();
    return;
  }
  res.writeHead(route.status, route.headers);
  res.end(req.method === 'HEAD' ? undefined : route.body);
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
