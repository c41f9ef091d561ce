// autocannon ships no types and @types/autocannon is not installed: only what the bench uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each send; returns the request to send (e.g. with a header of its own). */
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to make before ending; overrides duration. */
    amount?: number;
    requests?: AutocannonRequest[];
    headers?: Record<string, string>;
    timeout?: number;
    idReplacement?: boolean;
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface AutocannonResult {
    duration: number;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  interface AutocannonInstance extends EventEmitter, PromiseLike<AutocannonResult> {
    stop(): void;
  }

  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
}
