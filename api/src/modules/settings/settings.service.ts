import { TITLE_LINK_PATTERN } from '@blog/shared/rules';
import { QueryTypes } from 'sequelize';
import { type Db, inTransaction } from '../../deps.ts';
import { conflict } from '../../errors.ts';
import { sanitizePostHtml } from '../../html/sanitize-html.ts';
import { servedPostHtml } from '../../html/served-html.ts';
import { lockUploads, uploadKeysIn } from '../images/image-references.ts';
import { PUBLIC_SETTING_KEYS, SETTING_KEYS, type SettingKey } from './setting-keys.ts';
import { SiteSetting } from './site-setting.model.ts';
import { SITE_SETTINGS_DEFAULTS } from './site-settings.defaults.ts';

export interface SiteSettingsView {
  titleLink: string;
  blogDescription: string;
  aboutPageContent: string;
  commentsEnabled: boolean;
  commentsRequireApproval: boolean;
  version: number;
}

/**
 * Stored values of `keys`; a key never written, or written empty, is absent from the map. Plain rows,
 * not model instances: every public page drawn reads the settings.
 */
export async function readSettings(db: Db, keys: SettingKey[]): Promise<Map<SettingKey, string>> {
  const rows = await db.sequelize.query<{ key: string; value: string | null }>(
    'SELECT key, value FROM site_settings WHERE key IN (:keys)',
    { type: QueryTypes.SELECT, replacements: { keys }, transaction: db.transaction },
  );
  const values = new Map<SettingKey, string>();
  for (const row of rows) {
    if (row.value !== null && row.value !== '') values.set(row.key as SettingKey, row.value);
  }
  return values;
}

export const parseBooleanSetting = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined ? fallback : value === 'true';

const TITLE_LINK = new RegExp(TITLE_LINK_PATTERN, 'u');

/** A stored title link that the rule refuses (saved before it did) is never served: the default is. */
const servedTitleLink = (stored: string | undefined): string =>
  stored !== undefined && TITLE_LINK.test(stored) ? stored : SITE_SETTINGS_DEFAULTS.titleLink;

export async function getSiteSettings(db: Db): Promise<SiteSettingsView> {
  const values = await readSettings(db, [...PUBLIC_SETTING_KEYS]);
  return {
    titleLink: servedTitleLink(values.get(SETTING_KEYS.titleLink)),
    blogDescription: values.get(SETTING_KEYS.blogDescription) ?? SITE_SETTINGS_DEFAULTS.blogDescription,
    aboutPageContent: servedPostHtml(
      values.get(SETTING_KEYS.aboutPageContent) ?? SITE_SETTINGS_DEFAULTS.aboutPageContent,
    ),
    commentsEnabled: parseBooleanSetting(
      values.get(SETTING_KEYS.commentsEnabled),
      SITE_SETTINGS_DEFAULTS.commentsEnabled,
    ),
    commentsRequireApproval: parseBooleanSetting(
      values.get(SETTING_KEYS.commentsRequireApproval),
      SITE_SETTINGS_DEFAULTS.commentsRequireApproval,
    ),
    version: Number(values.get(SETTING_KEYS.siteSettingsVersion) ?? 1),
  };
}

/** What a new comment meets: comments switched on at all, and whether it waits for approval. */
export async function commentPolicy(db: Db): Promise<{ enabled: boolean; requireApproval: boolean }> {
  const values = await readSettings(db, [SETTING_KEYS.commentsEnabled, SETTING_KEYS.commentsRequireApproval]);
  return {
    enabled: parseBooleanSetting(
      values.get(SETTING_KEYS.commentsEnabled),
      SITE_SETTINGS_DEFAULTS.commentsEnabled,
    ),
    requireApproval: parseBooleanSetting(
      values.get(SETTING_KEYS.commentsRequireApproval),
      SITE_SETTINGS_DEFAULTS.commentsRequireApproval,
    ),
  };
}

export type SiteSettingsChanges = Partial<Omit<SiteSettingsView, 'version'>>;

export const SITE_SETTINGS_EDIT_CONFLICT =
  'Ktoś inny zmienił ustawienia w międzyczasie. Twoja zmiana nie została zapisana.';

/**
 * Counts one save of the settings inside `tx`: the counter's row is created at 1 when missing, then
 * incremented — only from `loaded` when given, else a 409 and the transaction writes nothing. The
 * row lock taken by the UPDATE orders two saves made at the same moment: the second sees the first's
 * number and fails.
 */
async function countSave(tx: Db, loaded: number | undefined): Promise<void> {
  await tx.sequelize.query(
    `INSERT INTO site_settings (key, value) VALUES (:key, '1') ON CONFLICT (key) DO NOTHING`,
    { replacements: { key: SETTING_KEYS.siteSettingsVersion }, transaction: tx.transaction },
  );
  const counted = await tx.sequelize.query(
    `UPDATE site_settings SET value = (value::integer + 1)::text, updated_at = now()
     WHERE key = :key AND (CAST(:loaded AS integer) IS NULL OR value = CAST(:loaded AS text))
     RETURNING key`,
    {
      replacements: { key: SETTING_KEYS.siteSettingsVersion, loaded: loaded ?? null },
      type: QueryTypes.SELECT,
      transaction: tx.transaction,
    },
  );
  if (counted.length === 0) throw conflict(SITE_SETTINGS_EDIT_CONFLICT, 'version');
}

/**
 * Writes the fields given (only those) in one transaction and returns the view as readers now see
 * it. The About page is stored sanitized with the editor's allow-list; an empty title link or
 * description is stored empty, which reads back as the default.
 */
export async function updateSiteSettings(
  db: Db,
  changes: SiteSettingsChanges,
  version?: number,
): Promise<SiteSettingsView> {
  const rows: { key: SettingKey; value: string }[] = [];
  if (changes.titleLink !== undefined)
    rows.push({ key: SETTING_KEYS.titleLink, value: changes.titleLink.trim() });
  if (changes.blogDescription !== undefined) {
    rows.push({ key: SETTING_KEYS.blogDescription, value: changes.blogDescription.trim() });
  }
  if (changes.aboutPageContent !== undefined) {
    rows.push({ key: SETTING_KEYS.aboutPageContent, value: sanitizePostHtml(changes.aboutPageContent) });
  }
  if (changes.commentsEnabled !== undefined) {
    rows.push({ key: SETTING_KEYS.commentsEnabled, value: String(changes.commentsEnabled) });
  }
  if (changes.commentsRequireApproval !== undefined) {
    rows.push({
      key: SETTING_KEYS.commentsRequireApproval,
      value: String(changes.commentsRequireApproval),
    });
  }
  return inTransaction(db, async (tx) => {
    // The About page's images are held until this commits, so a cover removal running meanwhile
    // sees them used (image-references).
    const about = rows.find((row) => row.key === SETTING_KEYS.aboutPageContent);
    await lockUploads(tx, uploadKeysIn(about?.value));
    await countSave(tx, version);
    if (rows.length > 0) {
      await SiteSetting.bulkCreate(rows, {
        updateOnDuplicate: ['value', 'updatedAt'],
        conflictAttributes: ['key'],
        transaction: tx.transaction,
      });
    }
    return getSiteSettings(tx);
  });
}
