import type { CreationOptional, InferAttributes, InferCreationAttributes } from 'sequelize';
import { Column, DataType, Model, PrimaryKey, Table } from 'sequelize-typescript';
import { CreatedAtColumn } from '../db/columns.ts';

/**
 * A domain event written in the same transaction as the change it announces; the relay moves
 * undispatched rows to BullMQ with `id` as the job id. The id is made in JS (UUIDv4) so the
 * writer knows it before commit; the database default gen_random_uuid() covers raw inserts.
 */
@Table({ tableName: 'outbox_events', underscored: true, updatedAt: false })
export class OutboxEvent extends Model<InferAttributes<OutboxEvent>, InferCreationAttributes<OutboxEvent>> {
  @PrimaryKey
  @Column({ type: DataType.UUID, defaultValue: DataType.UUIDV4 })
  override id!: CreationOptional<string>;

  @Column({ type: DataType.STRING(100), allowNull: false })
  type!: string;

  @Column({ type: DataType.JSONB, allowNull: false })
  payload!: Record<string, unknown>;

  @CreatedAtColumn
  override createdAt!: CreationOptional<Date>;

  @Column({ type: DataType.DATE, allowNull: true })
  dispatchedAt!: CreationOptional<Date | null>;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  attempts!: CreationOptional<number>;

  @Column({ type: DataType.TEXT, allowNull: true })
  lastError!: CreationOptional<string | null>;
}
