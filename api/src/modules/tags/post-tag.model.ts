import type { CreationOptional, InferAttributes, InferCreationAttributes } from 'sequelize';
import { Column, DataType, ForeignKey, Model, Table } from 'sequelize-typescript';
import { IdColumn } from '../../db/columns.ts';
import { Post } from '../posts/post.model.ts';
import { Tag } from './tag.model.ts';

@Table({ tableName: 'post_tags', underscored: true, timestamps: false })
export class PostTag extends Model<InferAttributes<PostTag>, InferCreationAttributes<PostTag>> {
  @IdColumn
  override id!: CreationOptional<number>;

  @ForeignKey(() => Post)
  @Column({ type: DataType.INTEGER, allowNull: false })
  postId!: number;

  @ForeignKey(() => Tag)
  @Column({ type: DataType.INTEGER, allowNull: false })
  tagId!: number;
}
