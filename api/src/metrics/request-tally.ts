import type { Registry } from 'prom-client';

type RequestLabels = { method: string; route: string; status: string };

interface Row {
  labels: RequestLabels;
  count: number;
  sum: number;
  /** Requests per bucket (not cumulative): at most `buckets[i]` seconds, over the one before. */
  inBucket: number[];
}

/** A metric as the registry prints it (prom-client reads `get()`; `reset()` serves resetMetrics). */
interface RegisteredMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): { name: string; help: string; type: string; aggregator: 'sum'; values: MetricValue[] };
  reset(): void;
}
interface MetricValue {
  labels: Record<string, string | number>;
  /** Printed after `labels` (as prom-client's histograms print the request's labels after `le`). */
  sharedLabels?: RequestLabels;
  value: number;
  metricName?: string;
}

/**
 * HTTP requests by method, route pattern and status: counted and timed as plain numbers in one row
 * per label set, and printed as a Prometheus counter and histogram only when scraped. The same
 * output as prom-client's Counter and Histogram, without their per-call label checks and hashing,
 * which cost more than writing a cached answer (the edge records every hit).
 */
export class RequestTally {
  private readonly rows = new Map<string, Row>();

  constructor(
    private readonly buckets: readonly number[],
    names: { requests: { name: string; help: string }; duration: { name: string; help: string } },
    registry: Registry,
  ) {
    const reset = () => this.rows.clear();
    const requests: RegisteredMetric = {
      ...names.requests,
      type: 'counter',
      aggregator: 'sum',
      get: () => ({
        ...names.requests,
        type: 'counter',
        aggregator: 'sum',
        values: [...this.rows.values()].map((row) => ({ labels: row.labels, value: row.count })),
      }),
      reset,
    };
    const duration: RegisteredMetric = {
      ...names.duration,
      type: 'histogram',
      aggregator: 'sum',
      get: () => ({
        ...names.duration,
        type: 'histogram',
        aggregator: 'sum',
        values: [...this.rows.values()].flatMap((row) => this.histogramValues(names.duration.name, row)),
      }),
      reset,
    };
    registry.registerMetric(requests as never);
    registry.registerMetric(duration as never);
  }

  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let row = this.rows.get(key);
    if (!row) {
      row = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        inBucket: this.buckets.map(() => 0),
      };
      this.rows.set(key, row);
    }
    row.count += 1;
    row.sum += seconds;
    const bucket = this.buckets.findIndex((bound) => seconds <= bound);
    if (bucket >= 0) row.inBucket[bucket]! += 1;
  }

  private histogramValues(name: string, row: Row): MetricValue[] {
    const of = (labels: MetricValue['labels'], value: number, suffix: string): MetricValue => ({
      labels,
      sharedLabels: row.labels,
      value,
      metricName: `${name}_${suffix}`,
    });
    let cumulative = 0;
    const values = this.buckets.map((bound, index) => {
      cumulative += row.inBucket[index]!;
      return of({ le: bound }, cumulative, 'bucket');
    });
    values.push(of({ le: '+Inf' }, row.count, 'bucket'), of({}, row.sum, 'sum'), of({}, row.count, 'count'));
    return values;
  }
}
