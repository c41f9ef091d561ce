import type { CreationOptional, InferAttributes, InferCreationAttributes, NonAttribute } from 'sequelize';
import { BelongsTo, Column, DataType, ForeignKey, Model, Table } from 'sequelize-typescript';
import { CreatedAtColumn, IdColumn } from '../../db/columns.ts';
import type { CommentStatus } from '@blog/shared/rules';
import { Post } from '../posts/post.model.ts';

@Table({ tableName: 'comments', underscored: true, updatedAt: false })
export class Comment extends Model<InferAttributes<Comment>, InferCreationAttributes<Comment>> {
  @IdColumn
  override id!: CreationOptional<number>;

  @Column({ type: DataType.TEXT, allowNull: false })
  content!: string;

  @Column({ type: DataType.STRING(100), allowNull: false })
  author!: string;

  @Column({ type: DataType.STRING(254), allowNull: false })
  email!: string;

  /** 'pending' waits for a moderator (the approval queue, a setting); readers see 'approved' only. */
  @Column({ type: DataType.STRING(16), allowNull: false, defaultValue: 'approved' })
  status!: CreationOptional<CommentStatus>;

  @ForeignKey(() => Post)
  @Column({ type: DataType.INTEGER, allowNull: false })
  postId!: number;

  @CreatedAtColumn
  override createdAt!: CreationOptional<Date>;

  @BelongsTo(() => Post, 'postId')
  post?: NonAttribute<Post>;
}
