import type { Transaction } from 'sequelize';
import type { DomainEvent } from './events.ts';
import { OutboxEvent } from './outbox-event.model.ts';

/** Records domain events inside the caller's transaction and nudges the relay once it commits. */
export interface EventRecorder {
  record(event: DomainEvent, transaction: Transaction): Promise<string>;
}

export function createEventRecorder(onCommitted: () => void): EventRecorder {
  return {
    async record(event, transaction) {
      const row = await OutboxEvent.create({ type: event.type, payload: event.payload }, { transaction });
      transaction.afterCommit(onCommitted);
      return row.id;
    },
  };
}
