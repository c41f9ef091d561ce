import type { CreationOptional, InferAttributes, InferCreationAttributes } from 'sequelize';
import { Column, DataType, Model, Table } from 'sequelize-typescript';
import { IdColumn, UpdatedAtColumn } from '../../db/columns.ts';

/** Key/value settings; `encrypted` rows hold AES-256-GCM ciphertext (the SMTP password). */
@Table({ tableName: 'site_settings', underscored: true, createdAt: false })
export class SiteSetting extends Model<InferAttributes<SiteSetting>, InferCreationAttributes<SiteSetting>> {
  @IdColumn
  override id!: CreationOptional<number>;

  @Column({ type: DataType.STRING(100), allowNull: false })
  key!: string;

  @Column({ type: DataType.TEXT, allowNull: true })
  value!: CreationOptional<string | null>;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  encrypted!: CreationOptional<boolean>;

  @UpdatedAtColumn
  override updatedAt!: CreationOptional<Date>;
}
