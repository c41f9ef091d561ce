import { QueryTypes } from 'sequelize';
import type { Db } from '../../deps.ts';
import type { SettingKey } from './setting-keys.ts';

/** Inserts or replaces settings by key (one statement each, in the caller's transaction when given). */
export async function writeSettings(
  db: Db,
  values: readonly { key: SettingKey; value: string; encrypted?: boolean }[],
): Promise<void> {
  for (const { key, value, encrypted = false } of values) {
    await db.sequelize.query(
      `INSERT INTO site_settings (key, value, encrypted, updated_at) VALUES (:key, :value, :encrypted, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, encrypted = EXCLUDED.encrypted, updated_at = now()`,
      { replacements: { key, value, encrypted }, type: QueryTypes.INSERT, transaction: db.transaction },
    );
  }
}
