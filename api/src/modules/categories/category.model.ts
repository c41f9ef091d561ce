import type { CreationOptional, InferAttributes, InferCreationAttributes, NonAttribute } from 'sequelize';
import { BelongsToMany, Column, DataType, Model, Table } from 'sequelize-typescript';
import { CreatedAtColumn, IdColumn, UpdatedAtColumn, VersionColumn } from '../../db/columns.ts';
import { Post } from '../posts/post.model.ts';
import { PostCategory } from '../posts/post-category.model.ts';

/** Names are unique case-insensitively (index on lower(name)); `enabled` means visible. */
@Table({ tableName: 'categories', underscored: true })
export class Category extends Model<InferAttributes<Category>, InferCreationAttributes<Category>> {
  @IdColumn
  override id!: CreationOptional<number>;

  @Column({ type: DataType.STRING(100), allowNull: false })
  name!: string;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: true })
  enabled!: CreationOptional<boolean>;

  @VersionColumn
  override version!: CreationOptional<number>;

  @CreatedAtColumn
  override createdAt!: CreationOptional<Date>;

  @UpdatedAtColumn
  override updatedAt!: CreationOptional<Date>;

  @BelongsToMany(() => Post, () => PostCategory)
  posts?: NonAttribute<Post[]>;
}
