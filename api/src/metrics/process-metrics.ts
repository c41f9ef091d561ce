import { Counter, Registry } from 'prom-client';

/**
 * Counters a process increments from deep inside its work (the worker's job outcomes and e-mails).
 * One registry per process; the API's /metrics and the worker's metrics port both serve it, so in
 * the embedded run (API and worker in one process) one scrape shows both.
 */
export const processMetricsRegistry = new Registry();

export const jobOutcomes = new Counter({
  name: 'blog_jobs_total',
  help: 'Jobs finished by this worker process, by queue, job name and outcome (completed, failed, retried).',
  labelNames: ['queue', 'name', 'outcome'] as const,
  registers: [processMetricsRegistry],
});

export const emailsSent = new Counter({
  name: 'blog_emails_total',
  help: 'E-mails this worker process tried to send, by outcome (sent, failed, skipped).',
  labelNames: ['outcome'] as const,
  registers: [processMetricsRegistry],
});
