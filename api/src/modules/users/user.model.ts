import type { CreationOptional, InferAttributes, InferCreationAttributes, NonAttribute } from 'sequelize';
import { DEFAULT_ROLE, ROLES, type Role } from '@blog/shared/policy';
import { displayNameSkeleton, nameSkeleton } from '@blog/shared/rules/name-skeleton';
import { BeforeCreate, BeforeUpdate, Column, DataType, HasMany, Model, Table } from 'sequelize-typescript';
import { CreatedAtColumn, IdColumn, UpdatedAtColumn, VersionColumn } from '../../db/columns.ts';
import { Post } from '../posts/post.model.ts';

@Table({ tableName: 'users', underscored: true })
export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  @IdColumn
  override id!: CreationOptional<number>;

  @Column({ type: DataType.STRING(50), allowNull: false })
  username!: string;

  /** Argon2id PHC string; never leaves the server (presenters are allow-lists). */
  @Column({ type: DataType.TEXT, allowNull: false })
  passwordHash!: string;

  @Column({ type: DataType.STRING(254), allowNull: true })
  email!: CreationOptional<string | null>;

  @Column({ type: DataType.STRING(100), allowNull: true })
  displayName!: CreationOptional<string | null>;

  /**
   * The confusable skeletons of the username and the display name (name-skeleton.ts), kept by the
   * hooks below: a name that looks like another account's is found by one indexed query, and two
   * look-alike usernames cannot both be stored (unique; NULL only for look-alikes older than the rule).
   */
  @Column({ type: DataType.TEXT, allowNull: true })
  usernameSkeleton!: CreationOptional<string | null>;

  @Column({ type: DataType.TEXT, allowNull: true })
  displayNameSkeleton!: CreationOptional<string | null>;

  @Column({
    type: DataType.STRING(20),
    allowNull: false,
    defaultValue: DEFAULT_ROLE,
    validate: { isIn: [ROLES] },
  })
  role!: CreationOptional<Role>;

  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: true })
  isActive!: CreationOptional<boolean>;

  /**
   * Created by an import and not yet activated or mapped by an admin: inactive, and the only kind of
   * account an admin may map to another (its posts move, the account goes).
   */
  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  importPending!: CreationOptional<boolean>;

  /** The password is a temporary one an admin issued; the user's own new password clears it. */
  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  passwordTemporary!: CreationOptional<boolean>;

  /** SHA-256 of the reset token: a leaked database must not let anyone reset a password. */
  @Column({ type: DataType.TEXT, allowNull: true })
  resetTokenHash!: CreationOptional<string | null>;

  @Column({ type: DataType.DATE, allowNull: true })
  resetTokenExpiry!: CreationOptional<Date | null>;

  @VersionColumn
  override version!: CreationOptional<number>;

  @CreatedAtColumn
  override createdAt!: CreationOptional<Date>;

  @UpdatedAtColumn
  override updatedAt!: CreationOptional<Date>;

  @HasMany(() => Post, 'userId')
  posts?: NonAttribute<Post[]>;

  /** Every write of a name through the model keeps its skeleton (a bulk User.update sets it itself). */
  @BeforeCreate
  @BeforeUpdate
  static keepSkeletons(user: User): void {
    if (user.isNewRecord || user.changed('username')) user.usernameSkeleton = nameSkeleton(user.username);
    if (user.isNewRecord || user.changed('displayName'))
      user.displayNameSkeleton = displayNameSkeleton(user.displayName);
  }
}
