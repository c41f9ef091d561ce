import type { CreationOptional, InferAttributes, InferCreationAttributes, NonAttribute } from 'sequelize';
import {
  BelongsTo,
  BelongsToMany,
  Column,
  DataType,
  ForeignKey,
  HasMany,
  Model,
  Table,
} from 'sequelize-typescript';
import { CreatedAtColumn, IdColumn, UpdatedAtColumn, VersionColumn } from '../../db/columns.ts';
import { Category } from '../categories/category.model.ts';
import { Comment } from '../comments/comment.model.ts';
import { User } from '../users/user.model.ts';
import { PostCategory } from './post-category.model.ts';
import { PostTag } from '../tags/post-tag.model.ts';
import { Tag } from '../tags/tag.model.ts';

/**
 * The table also has columns PostgreSQL or its triggers keep (`word_count` for the reading time, the
 * search's folded text and vectors, `admin_search_text`); they are deliberately not attributes, so
 * Sequelize never selects or writes them (raw SQL reads them).
 */
@Table({ tableName: 'posts', underscored: true })
export class Post extends Model<InferAttributes<Post>, InferCreationAttributes<Post>> {
  @IdColumn
  override id!: CreationOptional<number>;

  @Column({ type: DataType.STRING(200), allowNull: false })
  title!: string;

  @Column({ type: DataType.STRING(200), allowNull: false })
  slug!: string;

  /** Sanitized HTML. */
  @Column({ type: DataType.TEXT, allowNull: false })
  content!: string;

  /** Plain text of `content`, kept in step by the posts service; feeds search and reading time. */
  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: '' })
  contentText!: CreationOptional<string>;

  @Column({ type: DataType.TEXT, allowNull: true })
  imageUrl!: CreationOptional<string | null>;

  /** The cover's alternative text; null means the title stands for it. */
  @Column({ type: DataType.TEXT, allowNull: true })
  imageAlt!: CreationOptional<string | null>;

  @Column({ type: DataType.TEXT, allowNull: true })
  excerpt!: CreationOptional<string | null>;

  /** The search result's and link preview's title; null: the title (SEO and sharing panel). */
  @Column({ type: DataType.STRING(70), allowNull: true })
  metaTitle!: CreationOptional<string | null>;

  /** The search result's and link preview's text; null: the excerpt. */
  @Column({ type: DataType.STRING(160), allowNull: true })
  metaDescription!: CreationOptional<string | null>;

  /** The link preview's image (/uploads/ path or web address); null: the cover. */
  @Column({ type: DataType.TEXT, allowNull: true })
  socialImageUrl!: CreationOptional<string | null>;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: true })
  published!: CreationOptional<boolean>;

  @VersionColumn
  override version!: CreationOptional<number>;

  /** Publication planned for this moment (the post is a draft until then); null when none. */
  @Column({ type: DataType.DATE, allowNull: true })
  scheduledAt!: CreationOptional<Date | null>;

  /** When readers could first see the post; set once (post.published is recorded then). */
  @Column({ type: DataType.DATE, allowNull: true })
  firstPublishedAt!: CreationOptional<Date | null>;

  @ForeignKey(() => User)
  @Column({ type: DataType.INTEGER, allowNull: true })
  userId!: CreationOptional<number | null>;

  @CreatedAtColumn
  override createdAt!: CreationOptional<Date>;

  @UpdatedAtColumn
  override updatedAt!: CreationOptional<Date>;

  @BelongsTo(() => User, 'userId')
  author?: NonAttribute<User | null>;

  @BelongsToMany(() => Category, () => PostCategory)
  categories?: NonAttribute<Category[]>;

  @BelongsToMany(() => Tag, () => PostTag)
  tags?: NonAttribute<Tag[]>;

  @HasMany(() => Comment, 'postId')
  comments?: NonAttribute<Comment[]>;
}
