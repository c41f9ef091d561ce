import type { CreationOptional, InferAttributes, InferCreationAttributes } from 'sequelize';
import { Column, DataType, Model, Table } from 'sequelize-typescript';
import { IdColumn } from '../../db/columns.ts';

/** One row per day: how many subscriptions were taken that day (the live counter is in Redis). */
@Table({ tableName: 'subscription_logs', underscored: true, timestamps: false })
export class SubscriptionLog extends Model<
  InferAttributes<SubscriptionLog>,
  InferCreationAttributes<SubscriptionLog>
> {
  @IdColumn
  override id!: CreationOptional<number>;

  /**
   * 'YYYY-MM-DD'. Required here although the column defaults to current_date: the day is the
   * Europe/Warsaw day of the Redis counter, which the database's session time zone does not know.
   */
  @Column({ type: DataType.DATEONLY, allowNull: false })
  date!: string;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  count!: CreationOptional<number>;
}
