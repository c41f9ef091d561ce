import { AutoIncrement, Column, CreatedAt, DataType, PrimaryKey, UpdatedAt } from 'sequelize-typescript';

/**
 * Column decorator sets the models repeat. Each one applies the very decorators it stands for, in
 * the order they would apply written out (bottom first), so a table's definition is the same:
 * `@IdColumn` is `@PrimaryKey @AutoIncrement @Column(DataType.INTEGER)`.
 */
export function IdColumn(target: object, propertyName: string): void {
  Column(DataType.INTEGER)(target, propertyName);
  AutoIncrement(target, propertyName);
  PrimaryKey(target, propertyName);
}

/** `@CreatedAt @Column({ type: DataType.DATE, allowNull: false })`. */
export function CreatedAtColumn(target: object, propertyName: string): void {
  Column({ type: DataType.DATE, allowNull: false })(target, propertyName);
  CreatedAt(target, propertyName);
}

/** `@UpdatedAt @Column({ type: DataType.DATE, allowNull: false })`. */
export function UpdatedAtColumn(target: object, propertyName: string): void {
  Column({ type: DataType.DATE, allowNull: false })(target, propertyName);
  UpdatedAt(target, propertyName);
}

/**
 * Optimistic concurrency: 1 at creation, incremented by every update (a stale save is refused).
 * `@Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 1 })`.
 */
export function VersionColumn(target: object, propertyName: string): void {
  Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 1 })(target, propertyName);
}
