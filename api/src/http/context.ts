import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize-typescript';
import type { Config } from '../config.ts';
import type { EventRecorder } from '../events/outbox.ts';
import type { Logger } from '../logger.ts';

/** What every module router is handed: the process's connections and configuration, nothing hidden. */
export interface AppContext {
  config: Config;
  sequelize: Sequelize;
  /** The app's Redis client: every key it writes must start with `config.REDIS_PREFIX`. */
  redis: Redis;
  events: EventRecorder;
  logger: Logger;
}
