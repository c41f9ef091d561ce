import { QUEUE_NAMES, queuePrefix } from '@blog/api/queue';
import type { TestApi } from '@blog/api/testing';
import { type Job, QueueEvents } from 'bullmq';
import { startWorker, type WorkerOptions } from './worker.ts';

export interface TestWorker {
  /** The job of event `eventId` once the relay has moved it to the queue. */
  waitForJob(eventId: string): Promise<Job>;
  /** Waits for that job to finish and returns what its processor returned. */
  resultOf(eventId: string, timeoutMs?: number): Promise<unknown>;
  close(): Promise<void>;
}

/** A worker beside a test API, sharing its database connection, plus a listener for job outcomes. */
export async function startTestWorker(api: TestApi, options: WorkerOptions = {}): Promise<TestWorker> {
  const worker = await startWorker(api.config, { sequelize: api.runtime.sequelize, ...options });
  const queueEvents = new QueueEvents(QUEUE_NAMES.events, {
    connection: { url: api.config.REDIS_URL },
    prefix: queuePrefix(api.config.REDIS_PREFIX),
  });
  await queueEvents.waitUntilReady();

  async function waitForJob(eventId: string): Promise<Job> {
    for (let i = 0; i < 100; i++) {
      const job = await (await api.runtime.eventsQueue()).getJob(eventId);
      if (job) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${eventId} never reached the queue`);
  }

  return {
    waitForJob,
    async resultOf(eventId, timeoutMs = 10_000) {
      return (await waitForJob(eventId)).waitUntilFinished(queueEvents, timeoutMs);
    },
    async close() {
      await queueEvents.close();
      await worker.close();
    },
  };
}

export { type CaughtEmail, type SmtpSink, startSmtpSink } from './email/smtp-sink.ts';
export { startMailTestEnv, type MailTestEnv } from './email/mail-test-env.ts';
