import type { CreationOptional, InferAttributes, InferCreationAttributes, NonAttribute } from 'sequelize';
import {
  AutoIncrement,
  BelongsToMany,
  Column,
  CreatedAt,
  DataType,
  Model,
  PrimaryKey,
  Table,
  UpdatedAt,
} from 'sequelize-typescript';
import { Post } from '../posts/post.model.ts';
import { PostCategory } from '../posts/post-category.model.ts';

/** Names are unique case-insensitively (index on lower(name)); `enabled` means visible. */
@Table({ tableName: 'categories', underscored: true })
export class Category extends Model<InferAttributes<Category>, InferCreationAttributes<Category>> {
  @PrimaryKey
  @AutoIncrement
  @Column(DataType.INTEGER)
  override id!: CreationOptional<number>;

  @Column({ type: DataType.STRING(100), allowNull: false })
  name!: string;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: true })
  enabled!: CreationOptional<boolean>;

  /** Optimistic concurrency: 1 at creation, incremented by every update (a stale save is refused). */
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 1 })
  override version!: CreationOptional<number>;

  @CreatedAt
  @Column({ type: DataType.DATE, allowNull: false })
  override createdAt!: CreationOptional<Date>;

  @UpdatedAt
  @Column({ type: DataType.DATE, allowNull: false })
  override updatedAt!: CreationOptional<Date>;

  @BelongsToMany(() => Post, () => PostCategory)
  posts?: NonAttribute<Post[]>;
}
