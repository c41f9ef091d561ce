import { QUEUE_NAMES, queuePrefix } from '@blog/api/queue';
import { type TestApi, until, untilSettled } from '@blog/api/testing';
import { type Job, QueueEvents } from 'bullmq';
import { startWorker, type WorkerOptions } from '../src/worker.ts';

export interface TestWorker {
  /** The job of event `eventId` once the relay has moved it to the queue. */
  waitForJob(eventId: string): Promise<Job>;
  /** Waits for that job to finish and returns what its processor returned. */
  resultOf(eventId: string, timeoutMs?: number): Promise<unknown>;
  /** Waits for a quiet point: a marker event handled, then the outbox and the queues idle (untilSettled). */
  settled(): Promise<void>;
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
    const queue = await api.runtime.eventsQueue();
    let job: Job | undefined;
    await until(
      `job ${eventId} to reach the queue`,
      async () => Boolean((job = await queue.getJob(eventId))),
      5_000,
    );
    return job!;
  }

  return {
    waitForJob,
    async resultOf(eventId, timeoutMs = 10_000) {
      return (await waitForJob(eventId)).waitUntilFinished(queueEvents, timeoutMs);
    },
    settled: () => untilSettled(api.runtime),
    async close() {
      await queueEvents.close();
      await worker.close();
    },
  };
}

export { type CaughtEmail, type SmtpSink, startSmtpSink } from './smtp-sink.ts';
export { startMailTestEnv, type MailTestEnv } from './mail-test-env.ts';
