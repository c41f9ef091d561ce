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
} from 'sequelize-typescript';
import { Post } from '../posts/post.model.ts';
import { PostTag } from './post-tag.model.ts';

/** Names are unique case-insensitively (index on lower(name)). */
@Table({ tableName: 'tags', underscored: true, updatedAt: false })
export class Tag extends Model<InferAttributes<Tag>, InferCreationAttributes<Tag>> {
  @PrimaryKey
  @AutoIncrement
  @Column(DataType.INTEGER)
  override id!: CreationOptional<number>;

  @Column({ type: DataType.STRING(50), allowNull: false })
  name!: string;

  @CreatedAt
  @Column({ type: DataType.DATE, allowNull: false })
  override createdAt!: CreationOptional<Date>;

  @BelongsToMany(() => Post, () => PostTag)
  posts?: NonAttribute<Post[]>;
}
