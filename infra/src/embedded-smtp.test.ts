import {
  createScratchDatabase,
  createSequelize,
  runMigrations,
  type ScratchDatabase,
} from '@blog/api/database';
import { SETTING_KEYS } from '@blog/api/settings';
import { SiteSetting } from '@blog/api/models';
import type { Sequelize } from 'sequelize-typescript';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { pointSmtpAtCatcher } from './embedded-smtp.ts';

describe('pointing SMTP at the mail catcher', () => {
  // A database of its own: other test files change site_settings in the shared one.
  let database: ScratchDatabase;
  let sequelize: Sequelize;

  const settings = async () =>
    Object.fromEntries((await SiteSetting.findAll()).map((row) => [row.key, row.value]));

  beforeAll(async () => {
    database = await createScratchDatabase(inject('adminDatabaseUrl'), 'blog_test_smtp');
    await runMigrations(database.url);
    sequelize = createSequelize(database.url);
  });
  afterAll(async () => {
    await sequelize?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    await SiteSetting.destroy({ where: {} });
  });

  it('fills in the catcher when no SMTP host is stored', async () => {
    expect(await pointSmtpAtCatcher(sequelize, { host: '127.0.0.1', port: 2525 })).toBe(true);
    expect(await settings()).toMatchObject({
      [SETTING_KEYS.smtpHost]: '127.0.0.1',
      [SETTING_KEYS.smtpPort]: '2525',
      [SETTING_KEYS.smtpSecure]: 'false',
      [SETTING_KEYS.senderEmail]: 'blog@localhost',
      [SETTING_KEYS.smtpManagedByEmbedded]: 'true',
    });
  });

  it('follows the catcher to its new port on the next start, keeping a sender chosen since', async () => {
    await pointSmtpAtCatcher(sequelize, { host: '127.0.0.1', port: 2525 });
    await SiteSetting.update({ value: 'redakcja@example.com' }, { where: { key: SETTING_KEYS.senderEmail } });
    expect(await pointSmtpAtCatcher(sequelize, { host: '127.0.0.1', port: 4040 })).toBe(true);
    expect(await settings()).toMatchObject({
      [SETTING_KEYS.smtpPort]: '4040',
      [SETTING_KEYS.senderEmail]: 'redakcja@example.com',
    });
  });

  it.each([
    ['without the embedded mark', undefined],
    ['marked as no longer embedded', 'false'],
  ])('never touches an operator’s SMTP settings (%s)', async (_case, managed) => {
    const operator = {
      [SETTING_KEYS.smtpHost]: 'smtp.example.com',
      [SETTING_KEYS.smtpPort]: '587',
      [SETTING_KEYS.smtpSecure]: 'true',
      ...(managed ? { [SETTING_KEYS.smtpManagedByEmbedded]: managed } : {}),
    };
    await SiteSetting.bulkCreate(Object.entries(operator).map(([key, value]) => ({ key, value })));
    expect(await pointSmtpAtCatcher(sequelize, { host: '127.0.0.1', port: 2525 })).toBe(false);
    expect(await settings()).toEqual(operator);
  });
});
