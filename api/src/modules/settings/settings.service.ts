import { TITLE_LINK_PATTERN } from '@blog/openapi/rules';
import { Op } from 'sequelize';
import { type Db, inTransaction } from '../../deps.ts';
import { sanitizePostHtml } from '../../html/sanitize-html.ts';
import { SETTING_KEYS, type SettingKey } from './setting-keys.ts';
import { SiteSetting } from './site-setting.model.ts';
import { SITE_SETTINGS_DEFAULTS } from './site-settings.defaults.ts';

export interface SiteSettingsView {
  titleLink: string;
  blogDescription: string;
  aboutPageContent: string;
  commentsEnabled: boolean;
}

/** Stored values of `keys`; a key never written, or written empty, is absent from the map. */
export async function readSettings(db: Db, keys: SettingKey[]): Promise<Map<SettingKey, string>> {
  const rows = await SiteSetting.findAll({
    where: { key: { [Op.in]: keys } },
    attributes: ['key', 'value'],
    transaction: db.transaction,
  });
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
  const values = await readSettings(db, [
    SETTING_KEYS.titleLink,
    SETTING_KEYS.blogDescription,
    SETTING_KEYS.aboutPageContent,
    SETTING_KEYS.commentsEnabled,
  ]);
  return {
    titleLink: servedTitleLink(values.get(SETTING_KEYS.titleLink)),
    blogDescription: values.get(SETTING_KEYS.blogDescription) ?? SITE_SETTINGS_DEFAULTS.blogDescription,
    aboutPageContent: sanitizePostHtml(
      values.get(SETTING_KEYS.aboutPageContent) ?? SITE_SETTINGS_DEFAULTS.aboutPageContent,
    ),
    commentsEnabled: parseBooleanSetting(
      values.get(SETTING_KEYS.commentsEnabled),
      SITE_SETTINGS_DEFAULTS.commentsEnabled,
    ),
  };
}

export async function areCommentsEnabled(db: Db): Promise<boolean> {
  const values = await readSettings(db, [SETTING_KEYS.commentsEnabled]);
  return parseBooleanSetting(
    values.get(SETTING_KEYS.commentsEnabled),
    SITE_SETTINGS_DEFAULTS.commentsEnabled,
  );
}

export type SiteSettingsChanges = Partial<SiteSettingsView>;

/**
 * Writes the fields given (only those) in one transaction and returns the view as readers now see
 * it. The About page is stored sanitized with the editor's allow-list; an empty title link or
 * description is stored empty, which reads back as the default.
 */
export async function updateSiteSettings(db: Db, changes: SiteSettingsChanges): Promise<SiteSettingsView> {
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
  return inTransaction(db, async (tx) => {
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
