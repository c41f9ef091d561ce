// The newsletter's once-only claims: overlapping runs, a dead run's claims, and an SMTP server that
// refuses a share of messages with 4xx (greylisting): every address ends with exactly one message.
import { randomUUID } from 'node:crypto';
import { EmailDelivery, UserSubscription } from '@blog/api/models';
import { buildCategory, buildPost, until } from '@blog/api/testing';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FanOutContext } from '../context.ts';
import { type MailTestEnv, startMailTestEnv } from '../../test/mail-test-env.ts';
import { processNotificationBatch } from './notification-batch.ts';

let env: MailTestEnv;
let ctx: FanOutContext;
beforeAll(async () => {
  env = await startMailTestEnv({ apiOverrides: { QUEUE_BACKOFF_MS: '200' } });
  ctx = {
    ...env.api.runtime,
    emailQueue: undefined as unknown as Queue,
    housekeepingQueue: undefined as unknown as Queue,
    claimLeaseMs: 2000,
  };
}, 60_000);
afterAll(async () => {
  await env?.close();
});

const messagesPerAddress = (addresses: string[]) => addresses.map((address) => env.sink.to(address).length);

async function subscribers(count: number, label: string) {
  const category = await buildCategory();
  const addresses = Array.from({ length: count }, (_, i) => `${label}-${i}-${Date.now()}@example.com`);
  await UserSubscription.bulkCreate(addresses.map((email) => ({ email, categoryId: category.id })));
  return { addresses, post: await buildPost({ categories: [category] }) };
}

describe('notification batches', () => {
  it('two runs of one batch at once send each address one message', async () => {
    const { addresses, post } = await subscribers(40, 'overlap');
    const data = { eventId: randomUUID(), postId: post.id, emails: addresses };
    const [a, b] = await Promise.all([
      processNotificationBatch(data, ctx),
      processNotificationBatch(data, ctx),
    ]);
    expect(a.status === 'done' && b.status === 'done' && a.sent + b.sent).toBe(40);
    expect(messagesPerAddress(addresses)).toEqual(addresses.map(() => 1));
    expect(await EmailDelivery.count({ where: { eventId: data.eventId, status: 'sent' } })).toBe(40);
  });

  it("takes over a dead run's claims once its lease is over, and waits for a live one", async () => {
    const { addresses, post } = await subscribers(3, 'lease');
    const eventId = randomUUID();
    const [dead, alive, free] = addresses as [string, string, string];
    await EmailDelivery.bulkCreate([
      {
        eventId,
        recipient: dead,
        kind: 'post-notification',
        status: 'claimed',
        claimedBy: randomUUID(),
        claimedAt: new Date(Date.now() - 60_000),
      },
      {
        eventId,
        recipient: alive,
        kind: 'post-notification',
        status: 'claimed',
        claimedBy: randomUUID(),
        claimedAt: new Date(),
      },
    ]);
    // The live holder finishes once the batch has sent the others and is left waiting for its claim:
    // the batch must not send to that address itself.
    const holderFinishes = until('the batch to send to the unclaimed addresses', () =>
      messagesPerAddress([dead, free]).every((count) => count === 1),
    ).then(() =>
      EmailDelivery.update({ status: 'sent', claimedBy: null }, { where: { eventId, recipient: alive } }),
    );
    const result = await processNotificationBatch({ eventId, postId: post.id, emails: addresses }, ctx);
    await holderFinishes;
    expect(result).toMatchObject({ status: 'done', sent: 2 });
    expect(messagesPerAddress([dead, alive, free])).toEqual([1, 0, 1]);
  });

  it('retries only the messages refused with 4xx; every address ends with exactly one', async () => {
    const { addresses, post } = await subscribers(60, 'greylist');
    const refused = new Set(addresses.filter((_, i) => i % 5 === 0));
    env.sink.refuseFirstAttempt((address) => refused.has(address));
    try {
      const eventId = await env.api.runtime.sequelize.transaction((transaction) =>
        env.api.runtime.events.record({ type: 'post.published', payload: { postId: post.id } }, transaction),
      );
      await until(
        'every subscriber to get the message',
        () => messagesPerAddress(addresses).every((count) => count > 0),
        30_000,
      );
      await env.worker.settled();
      expect(messagesPerAddress(addresses)).toEqual(addresses.map(() => 1));
      expect(env.sink.refusedCount()).toBeGreaterThanOrEqual(refused.size);
      const rows = await EmailDelivery.findAll({ where: { eventId } });
      expect(rows.map((row) => row.status)).toEqual(addresses.map(() => 'sent'));
      const attempts = rows.filter((row) => refused.has(row.recipient)).map((row) => row.attempts);
      expect(attempts).toEqual([...refused].map(() => 2));
    } finally {
      env.sink.refuseFirstAttempt(() => false);
    }
  });
});
