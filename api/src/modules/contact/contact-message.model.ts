import type { CreationOptional, InferAttributes, InferCreationAttributes } from 'sequelize';
import { Column, DataType, Model, Table } from 'sequelize-typescript';
import { CreatedAtColumn, IdColumn } from '../../db/columns.ts';

@Table({ tableName: 'contact_messages', underscored: true, updatedAt: false })
export class ContactMessage extends Model<
  InferAttributes<ContactMessage>,
  InferCreationAttributes<ContactMessage>
> {
  @IdColumn
  override id!: CreationOptional<number>;

  @Column({ type: DataType.STRING(100), allowNull: false })
  name!: string;

  @Column({ type: DataType.STRING(254), allowNull: false })
  email!: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  message!: string;

  @CreatedAtColumn
  override createdAt!: CreationOptional<Date>;
}
