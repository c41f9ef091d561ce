import type { CreationOptional, InferAttributes, InferCreationAttributes } from 'sequelize';
import { Column, DataType, ForeignKey, Model, Table } from 'sequelize-typescript';
import { IdColumn } from '../../db/columns.ts';
import { Category } from '../categories/category.model.ts';
import { Post } from './post.model.ts';

@Table({ tableName: 'post_categories', underscored: true, timestamps: false })
export class PostCategory extends Model<
  InferAttributes<PostCategory>,
  InferCreationAttributes<PostCategory>
> {
  @IdColumn
  override id!: CreationOptional<number>;

  @ForeignKey(() => Post)
  @Column({ type: DataType.INTEGER, allowNull: false })
  postId!: number;

  @ForeignKey(() => Category)
  @Column({ type: DataType.INTEGER, allowNull: false })
  categoryId!: number;
}
