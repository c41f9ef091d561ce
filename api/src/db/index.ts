// The database surface other workspaces use (package export `@blog/api/database`).
export { runMigrations } from './migrate.ts';
export { MIGRATIONS } from './migrations/index.ts';
export { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
export { connectDatabase, createSequelize } from './sequelize.ts';
