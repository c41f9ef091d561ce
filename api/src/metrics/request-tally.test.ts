import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestTally } from './request-tally.ts';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const NAMES = {
  requests: { name: 'blog_http_requests_total', help: 'HTTP requests.' },
  duration: { name: 'blog_http_request_duration_seconds', help: 'HTTP request latency.' },
};

describe('the request tally', () => {
  it('prints exactly what prom-client’s counter and histogram print for the same requests', async () => {
    const tallied = new Registry();
    const tally = new RequestTally(BUCKETS, NAMES, tallied);
    const reference = new Registry();
    const labelNames = ['method', 'route', 'status'] as const;
    const counter = new Counter({ ...NAMES.requests, labelNames, registers: [reference] });
    const histogram = new Histogram({
      ...NAMES.duration,
      labelNames,
      buckets: BUCKETS,
      registers: [reference],
    });

    const requests: [string, string, number, number][] = [
      ['GET', '/api/posts', 200, 0.0004],
      ['GET', '/api/posts', 200, 0.005],
      ['GET', '/api/posts', 200, 0.07],
      ['GET', '/api/posts/:slugOrId', 404, 0.02],
      ['POST', '/api/comments', 201, 7.5],
      ['GET', '/post/"cudzysłów"\\ukośnik', 200, 0.3],
    ];
    for (const [method, route, status, seconds] of requests) {
      tally.record(method, route, status, seconds);
      const labels = { method, route, status: String(status) };
      counter.inc(labels);
      histogram.observe(labels, seconds);
    }
    expect(await tallied.metrics()).toBe(await reference.metrics());
    expect(await tallied.metrics()).toContain(
      'blog_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/comments",status="201"} 1',
    );

    tallied.resetMetrics();
    expect(await tallied.metrics()).not.toContain('/api/posts');
  });
});
