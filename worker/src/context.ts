import type { Config } from '@blog/api/config.ts';
import type { Logger } from '@blog/api/logger.ts';
import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize-typescript';

/** What processors are handed; they re-read data through the models registered on `sequelize`. */
export interface WorkerContext {
  config: Config;
  sequelize: Sequelize;
  redis: Redis;
  logger: Logger;
}
