// Drill: the SMTP server refusing connections, then hanging (accepts, never greets). Attempts fail
// within SMTP_TIMEOUT_MS instead of holding the worker, and once the server is back every e-mail
// arrives, none twice.
import net from 'node:net';
import { buildCategory, recordDrillFigures, until } from '@blog/api/testing';
import { EmailDelivery, UserSubscription } from '@blog/api/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailTestEnv, startMailTestEnv } from '../../test/mail-test-env.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';

const TIMEOUT_MS = 1_000;
const PER_PHASE = 5;

let env: MailTestEnv;
const sinks: SmtpSink[] = [];
beforeAll(async () => {
  env = await startMailTestEnv({
    apiOverrides: { SMTP_TIMEOUT_MS: String(TIMEOUT_MS), QUEUE_BACKOFF_MS: '300', QUEUE_ATTEMPTS: '10' },
  });
});
afterAll(async () => {
  for (const sink of sinks) await sink.stop();
  await env?.close();
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `count` new subscriptions, each with its `subscription.created` event (a confirmation e-mail). */
async function subscribeMany(tag: string, count: number): Promise<string[]> {
  const category = await buildCategory();
  const emails = Array.from({ length: count }, (_, i) => `smtp-${tag}-${i}@example.com`);
  await env.api.runtime.sequelize.transaction(async (transaction) => {
    for (const email of emails) {
      const row = await UserSubscription.create({ email, categoryId: category.id }, { transaction });
      await env.api.runtime.events.record(
        { type: 'subscription.created', payload: { subscriptionId: row.id } },
        transaction,
      );
    }
  });
  return emails;
}

const failedAttempts = async (emails: string[]) =>
  EmailDelivery.count({ where: { recipient: emails, status: 'failed' } });

/** Brings a real server up on `port`, then checks every address got exactly one message. */
async function comesBack(port: number, emails: string[]) {
  const sink = await startSmtpSink({ port });
  sinks.push(sink);
  const backAt = Date.now();
  await until(
    'every e-mail after the server came back',
    () => emails.every((e) => sink.to(e).length > 0),
    30_000,
  );
  const deliveredMs = Date.now() - backAt;
  await env.worker.settled();
  const duplicated = emails.filter((email) => sink.to(email).length > 1).length;
  expect(duplicated).toBe(0);
  expect(await EmailDelivery.count({ where: { recipient: emails, status: 'sent' } })).toBe(emails.length);
  return { deliveredMs, duplicated };
}

describe('drill: the SMTP server refusing and hanging', () => {
  it('refusing: attempts fail and are retried; all arrive once it accepts again', async () => {
    const port = await freePort(); // nothing listens: connection refused
    await env.setSmtpSettings({ smtpPort: String(port) });
    const emails = await subscribeMany('refused', PER_PHASE);
    await until('the refused attempts', async () => (await failedAttempts(emails)) === PER_PHASE, 20_000);
    const figures = await comesBack(port, emails);
    recordDrillFigures('smtp-refusing', { emails: PER_PHASE, lost: 0, ...figures });
  }, 60_000);

  it(`hanging: each attempt gives up after SMTP_TIMEOUT_MS (${TIMEOUT_MS} ms); all arrive once it answers`, async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket); // accepted, never greeted
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    await env.setSmtpSettings({ smtpPort: String(port) });
    const started = Date.now();
    const emails = await subscribeMany('hanging', PER_PHASE);
    const firstFailureMs = await until(
      'a timed-out attempt',
      async () => (await failedAttempts(emails)) > 0,
      20_000,
    );
    // Bounded: the first attempt fails about TIMEOUT_MS after it starts (plus the relay's pick-up).
    expect(firstFailureMs).toBeLessThan(TIMEOUT_MS + 4_000);
    const failure = await EmailDelivery.findOne({ where: { recipient: emails, status: 'failed' } });
    expect(failure?.lastError).toMatch(/greeting never received|timed? ?out/i);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    const figures = await comesBack(port, emails);
    recordDrillFigures('smtp-hanging', {
      emails: PER_PHASE,
      timeoutMs: TIMEOUT_MS,
      firstAttemptFailedAfterMs: firstFailureMs,
      outageMs: Date.now() - started,
      lost: 0,
      ...figures,
    });
  }, 60_000);
});
