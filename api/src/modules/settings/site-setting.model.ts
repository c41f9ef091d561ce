import type { CreationOptional, InferAttributes, InferCreationAttributes } from 'sequelize';
import { AutoIncrement, Column, DataType, Model, PrimaryKey, Table, UpdatedAt } from 'sequelize-typescript';

/** Key/value settings; `encrypted` rows hold AES-256-GCM ciphertext (the SMTP password). */
@Table({ tableName: 'site_settings', underscored: true, createdAt: false })
export class SiteSetting extends Model<InferAttributes<SiteSetting>, InferCreationAttributes<SiteSetting>> {
  @PrimaryKey
  @AutoIncrement
  @Column(DataType.INTEGER)
  override id!: CreationOptional<number>;

  @Column({ type: DataType.STRING(100), allowNull: false })
  key!: string;

  @Column({ type: DataType.TEXT, allowNull: true })
  value!: CreationOptional<string | null>;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  encrypted!: CreationOptional<boolean>;

  @UpdatedAt
  @Column({ type: DataType.DATE, allowNull: false })
  override updatedAt!: CreationOptional<Date>;
}
