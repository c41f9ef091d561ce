import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mayReadMetrics, processMetricsRegistry } from '@blog/api/metrics';

/**
 * The worker's own GET /metrics (job outcomes and e-mails of this process), on WORKER_METRICS_PORT,
 * bound to WORKER_METRICS_HOST (loopback by default) and guarded like the API's.
 */
export async function startMetricsServer(port: number, host: string, token: string | undefined) {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (!mayReadMetrics(req, token)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden\n');
      return;
    }
    processMetricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': processMetricsRegistry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
