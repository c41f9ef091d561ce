import type { CreationOptional, InferAttributes, InferCreationAttributes, NonAttribute } from 'sequelize';
import { BelongsTo, Column, DataType, ForeignKey, Model, Table } from 'sequelize-typescript';
import { CreatedAtColumn, IdColumn, UpdatedAtColumn } from '../../db/columns.ts';
import { Category } from '../categories/category.model.ts';
import { User } from '../users/user.model.ts';

/** One e-mail address subscribed to one category; unique on (lower(email), category_id). */
@Table({ tableName: 'user_subscriptions', underscored: true })
export class UserSubscription extends Model<
  InferAttributes<UserSubscription>,
  InferCreationAttributes<UserSubscription>
> {
  @IdColumn
  override id!: CreationOptional<number>;

  /** Set null when the user is deleted: the subscription belongs to the e-mail address. */
  @ForeignKey(() => User)
  @Column({ type: DataType.INTEGER, allowNull: true })
  userId!: CreationOptional<number | null>;

  @ForeignKey(() => Category)
  @Column({ type: DataType.INTEGER, allowNull: false })
  categoryId!: number;

  @Column({ type: DataType.STRING(254), allowNull: false })
  email!: string;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: true })
  active!: CreationOptional<boolean>;

  /** SHA-256 of the double opt-in link's token; kept after confirming. */
  @Column({ type: DataType.STRING(64), allowNull: true })
  confirmationTokenHash!: CreationOptional<string | null>;

  /** Set while the subscription waits for its address's confirmation; past it, the link is dead. */
  @Column({ type: DataType.DATE, allowNull: true })
  confirmationExpiresAt!: CreationOptional<Date | null>;

  @CreatedAtColumn
  override createdAt!: CreationOptional<Date>;

  @UpdatedAtColumn
  override updatedAt!: CreationOptional<Date>;

  @BelongsTo(() => Category, 'categoryId')
  category?: NonAttribute<Category>;

  @BelongsTo(() => User, 'userId')
  user?: NonAttribute<User | null>;
}
