import type { Sequelize } from 'sequelize-typescript';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { type CreatedAdmin, ensureFirstAdmin } from './first-admin.ts';

export type { CreatedAdmin } from './first-admin.ts';
export { INITIAL_ADMIN_PASSWORD_FILE } from './first-admin.ts';

export type SeedConfig = Pick<
  Config,
  'ADMIN_USERNAME' | 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'dataDir' | 'uploadsDir'
>;

export interface SeedOptions {
  sequelize: Sequelize;
  config: SeedConfig;
  logger: Logger;
  /** Sample posts and categories on an empty database; on unless the caller turns it off. */
  demoContent?: boolean;
}

/**
 * Idempotent start-up data: the first admin when there is none, then (optionally) the demo
 * content once ever. Safe when several processes run it together (advisory lock per step).
 */
export async function seedInitialData(options: SeedOptions): Promise<{ createdAdmin?: CreatedAdmin }> {
  const { sequelize, config, logger, demoContent = true } = options;
  const createdAdmin = await ensureFirstAdmin(sequelize, config, logger);
  if (demoContent) {
    // Only `npm start` seeds demo content; production's API never loads it (nor sharp, which draws its images).
    const { seedDemoContent } = await import('./demo-content.ts');
    await seedDemoContent(sequelize, config.uploadsDir, logger);
  }
  return createdAdmin ? { createdAdmin } : {};
}
export { DEMO_POSTS } from './demo-posts.ts';
