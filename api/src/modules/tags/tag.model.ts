import type { CreationOptional, InferAttributes, InferCreationAttributes, NonAttribute } from 'sequelize';
import { BelongsToMany, Column, DataType, Model, Table } from 'sequelize-typescript';
import { CreatedAtColumn, IdColumn } from '../../db/columns.ts';
import { Post } from '../posts/post.model.ts';
import { PostTag } from './post-tag.model.ts';

/** Names are unique case-insensitively (index on lower(name)). */
@Table({ tableName: 'tags', underscored: true, updatedAt: false })
export class Tag extends Model<InferAttributes<Tag>, InferCreationAttributes<Tag>> {
  @IdColumn
  override id!: CreationOptional<number>;

  @Column({ type: DataType.STRING(50), allowNull: false })
  name!: string;

  @CreatedAtColumn
  override createdAt!: CreationOptional<Date>;

  @BelongsToMany(() => Post, () => PostTag)
  posts?: NonAttribute<Post[]>;
}
