import { loadStorageConfig } from '@blog/api/config';
import { createSequelize } from '@blog/api/database';
import { createImageStorage, type ImageStorage } from '@blog/api/images/storage';
import { contentVersionKey, type ImportTarget } from '@blog/api/transfer';
import { Redis } from 'ioredis';
import { openBlogDatabase } from './blog-database.ts';

export interface TransferContext {
  sequelize: ImportTarget['sequelize'];
  storage: ImageStorage;
  target: ImportTarget;
  /** Whether the public caches were told (REDIS_URL set); otherwise they catch up on their own expiry. */
  cachesNotified: boolean;
  close(): Promise<void>;
}

/**
 * The blog as the operator's import and export commands see it: its database (DATABASE_URL or the
 * embedded one of `npm start`), its image storage (local folder or S3, as configured), its address
 * (PUBLIC_URL) and, when REDIS_URL is set, the counter that tells public caches content changed.
 */
export async function openTransferContext(env: NodeJS.ProcessEnv): Promise<TransferContext> {
  const database = await openBlogDatabase(env);
  const sequelize = createSequelize(database.url, { poolMax: 2 });
  const storage = createImageStorage(loadStorageConfig(env));
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true })
    : null;
  const prefix = env.REDIS_PREFIX || 'blog';
  return {
    sequelize,
    storage,
    cachesNotified: redis !== null,
    target: {
      sequelize,
      publicUrl: env.PUBLIC_URL || 'http://localhost:3000',
      contentChanged: async () => {
        await redis?.incr(contentVersionKey(prefix));
      },
    },
    async close() {
      redis?.disconnect();
      storage.close();
      await sequelize.close();
      await database.close();
    },
  };
}
