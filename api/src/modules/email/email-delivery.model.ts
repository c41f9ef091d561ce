import type { CreationOptional, InferAttributes, InferCreationAttributes } from 'sequelize';
import { Column, DataType, Model, Table } from 'sequelize-typescript';
import { CreatedAtColumn, IdColumn, UpdatedAtColumn } from '../../db/columns.ts';

export const EMAIL_DELIVERY_STATUSES = ['pending', 'claimed', 'sent', 'failed', 'rejected'] as const;
export type EmailDeliveryStatus = (typeof EMAIL_DELIVERY_STATUSES)[number];

/**
 * One e-mail of one event to one recipient. The unique (event_id, recipient) key makes a send
 * job safe to retry: a second attempt finds the row and skips when it is already `sent`.
 * Single messages go pending → sent | failed; newsletter batches claim rows in bulk first
 * (claimed → sent, or released as failed, or rejected for good; see worker/src/email/delivery-claims.ts).
 * No foreign key to outbox_events: dispatched events may be pruned while deliveries stay.
 */
@Table({ tableName: 'email_deliveries', underscored: true })
export class EmailDelivery extends Model<
  InferAttributes<EmailDelivery>,
  InferCreationAttributes<EmailDelivery>
> {
  @IdColumn
  override id!: CreationOptional<number>;

  @Column({ type: DataType.UUID, allowNull: false })
  eventId!: string;

  @Column({ type: DataType.STRING(254), allowNull: false })
  recipient!: string;

  @Column({ type: DataType.STRING(50), allowNull: false })
  kind!: string;

  @Column({
    type: DataType.STRING(20),
    allowNull: false,
    defaultValue: 'pending',
    validate: { isIn: [EMAIL_DELIVERY_STATUSES] },
  })
  status!: CreationOptional<EmailDeliveryStatus>;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  attempts!: CreationOptional<number>;

  @Column({ type: DataType.TEXT, allowNull: true })
  lastError!: CreationOptional<string | null>;

  @Column({ type: DataType.DATE, allowNull: true })
  sentAt!: CreationOptional<Date | null>;

  /** The sending run that holds a `claimed` row. */
  @Column({ type: DataType.UUID, allowNull: true })
  claimedBy!: CreationOptional<string | null>;

  @Column({ type: DataType.DATE, allowNull: true })
  claimedAt!: CreationOptional<Date | null>;

  @CreatedAtColumn
  override createdAt!: CreationOptional<Date>;

  @UpdatedAtColumn
  override updatedAt!: CreationOptional<Date>;
}
