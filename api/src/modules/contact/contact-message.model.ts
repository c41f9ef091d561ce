import type { CreationOptional, InferAttributes, InferCreationAttributes } from 'sequelize';
import { AutoIncrement, Column, CreatedAt, DataType, Model, PrimaryKey, Table } from 'sequelize-typescript';

@Table({ tableName: 'contact_messages', underscored: true, updatedAt: false })
export class ContactMessage extends Model<
  InferAttributes<ContactMessage>,
  InferCreationAttributes<ContactMessage>
> {
  @PrimaryKey
  @AutoIncrement
  @Column(DataType.INTEGER)
  override id!: CreationOptional<number>;

  @Column({ type: DataType.STRING(100), allowNull: false })
  name!: string;

  @Column({ type: DataType.STRING(254), allowNull: false })
  email!: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  message!: string;

  @CreatedAt
  @Column({ type: DataType.DATE, allowNull: false })
  override createdAt!: CreationOptional<Date>;
}
