import { testApiAndWorker } from '@blog/worker/testing';
import { describe, expect, it } from 'vitest';
import { OutboxEvent } from './outbox-event.model.ts';

describe('outbox → BullMQ → worker', () => {
  const { api, worker } = testApiAndWorker();

  it('delivers a committed event to its processor, with the event id as job id', async () => {
    const { sequelize, events } = api.runtime;
    const eventId = await sequelize.transaction((transaction) =>
      events.record({ type: 'system.ping', payload: { requestedBy: 'outbox test' } }, transaction),
    );
    const job = await worker.waitForJob(eventId);
    const result = await worker.resultOf(eventId);
    expect(result).toMatchObject({ eventId });
    expect(job.name).toBe('system.ping');
    const row = await OutboxEvent.findByPk(eventId);
    expect(row?.dispatchedAt).toBeInstanceOf(Date);
  });

  it('never enqueues an event whose transaction rolled back', async () => {
    const { sequelize, events, relay } = api.runtime;
    const eventsQueue = await api.runtime.eventsQueue();
    let eventId = '';
    await expect(
      sequelize.transaction(async (transaction) => {
        eventId = await events.record(
          { type: 'system.ping', payload: { requestedBy: 'rollback' } },
          transaction,
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await relay.drain();
    expect(await OutboxEvent.findByPk(eventId)).toBeNull();
    expect(await eventsQueue.getJob(eventId)).toBeUndefined();
  });

  it('dispatches each event once even when drained concurrently', async () => {
    const { sequelize, events, relay } = api.runtime;
    const eventsQueue = await api.runtime.eventsQueue();
    const ids = await sequelize.transaction(async (transaction) => {
      const recorded: string[] = [];
      for (let i = 0; i < 20; i++) {
        recorded.push(
          await events.record({ type: 'system.ping', payload: { requestedBy: `burst ${i}` } }, transaction),
        );
      }
      return recorded;
    });
    await Promise.all([relay.drain(), relay.drain(), relay.drain()]);
    const rows = await OutboxEvent.findAll({ where: { id: ids } });
    expect(rows.every((row) => row.attempts === 1 && row.dispatchedAt)).toBe(true);
    for (const id of ids) expect((await eventsQueue.getJob(id))?.id).toBe(id);
  });
});
