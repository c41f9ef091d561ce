import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSequelize } from '../src/db/sequelize.ts';
import * as factories from './factories.ts';
import { testDatabaseUrl } from './test-database.ts';

describe('factories', () => {
  const sequelize = createSequelize(testDatabaseUrl());
  beforeAll(() => sequelize.authenticate());
  afterAll(() => sequelize.close());

  it('build a fresh, distinct row of every entity on each call', async () => {
    const builders = [
      factories.buildUser,
      factories.buildCategory,
      factories.buildTag,
      factories.buildPost,
      factories.buildComment,
      factories.buildContactMessage,
      factories.buildSubscription,
      factories.buildSetting,
      factories.buildSubscriptionLog,
      factories.buildOutboxEvent,
      factories.buildEmailDelivery,
    ];
    for (const build of builders) {
      const [first, second] = [await build(), await build()];
      expect(first.id, build.name).toBeDefined();
      expect(first.id, build.name).not.toEqual(second.id);
      const model = first.constructor as unknown as { count(options: object): Promise<number> };
      expect(await model.count({ where: { id: [first.id, second.id] } }), build.name).toBe(2);
    }
  });
});
