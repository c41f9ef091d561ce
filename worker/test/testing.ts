import { QUEUE_NAMES, queuePrefix } from '@blog/api/queue';
import { buildUser, startTestApi, TestBrowser, type TestApi, until, untilSettled } from '@blog/api/testing';
import { afterAll, beforeAll } from 'vitest';
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

/** What `get()` returns once a hook has set it; reading it earlier (at import time) throws. */
function setLater<T extends object>(get: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = get();
      if (!target) throw new Error(`The ${what} is not started yet: use it inside a test or a hook.`);
      return Reflect.get(target, key) as unknown;
    },
  });
}

/**
 * A test API and a worker beside it for the enclosing suite (or file): started before its first
 * test, the worker closed before the API after its last. The objects stand for them from then on.
 */
export function testApiAndWorker(): { api: TestApi; worker: TestWorker } {
  let api: TestApi | undefined;
  let worker: TestWorker | undefined;
  beforeAll(async () => {
    api = await startTestApi();
    worker = await startTestWorker(api);
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });
  return { api: setLater(() => api, 'test API'), worker: setLater(() => worker, 'test worker') };
}

/** The password of the accounts signedInAdmin makes. */
const ADMIN_PASSWORD = 'Dobre-Hasło1';

/** A browser signed in to `api` as a new admin, from client address `ip` when given. */
export async function signedInAdmin(api: TestApi, ip?: string): Promise<TestBrowser> {
  const user = await buildUser({ role: 'admin', password: ADMIN_PASSWORD });
  const admin = new TestBrowser(api, ip);
  await admin.signIn(user.username, ADMIN_PASSWORD);
  return admin;
}

export { type CaughtEmail, type SmtpSink, startSmtpSink } from './smtp-sink.ts';
export { startMailTestEnv, type MailTestEnv } from './mail-test-env.ts';
