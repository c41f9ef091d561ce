import { loadStorageConfig } from '@blog/api/config';
import { createSequelize } from '@blog/api/database';
import { createImageStorage, type ImageStorage } from '@blog/api/images/storage';
import type { ImportTarget } from '@blog/api/transfer';
import { openBlogDatabase } from './blog-database.ts';

export interface TransferContext {
  sequelize: ImportTarget['sequelize'];
  storage: ImageStorage;
  target: ImportTarget;
  close(): Promise<void>;
}

/**
 * The blog as the operator's import and export commands see it: its database (DATABASE_URL or the
 * embedded one of `npm start`), its image storage (local folder or S3, as configured), its address
 * (PUBLIC_URL). Running API processes see the import at once: the database's triggers tell them.
 */
export async function openTransferContext(env: NodeJS.ProcessEnv): Promise<TransferContext> {
  const database = await openBlogDatabase(env);
  const sequelize = createSequelize(database.url, { poolMax: 2 });
  const storage = createImageStorage(loadStorageConfig(env));
  return {
    sequelize,
    storage,
    target: {
      sequelize,
      publicUrl: env.PUBLIC_URL || 'http://localhost:3000',
    },
    async close() {
      storage.close();
      await sequelize.close();
      await database.close();
    },
  };
}
