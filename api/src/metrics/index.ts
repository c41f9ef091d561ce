// What the worker uses (package export `@blog/api/metrics`): the process's counters and the access rule.
export { mayReadMetrics } from './metrics-access.ts';
export { emailsSent, jobOutcomes, processMetricsRegistry } from './process-metrics.ts';
