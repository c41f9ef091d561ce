/** Every key stored in site_settings, in one place so api, worker and infra agree. */
export const SETTING_KEYS = {
  titleLink: 'titleLink',
  blogDescription: 'blogDescription',
  aboutPageContent: 'aboutPageContent',
  commentsEnabled: 'commentsEnabled',
  /** 'true' makes a new comment wait for a moderator's approval (public: the form says so). */
  commentsRequireApproval: 'commentsRequireApproval',
  /** The General tab's save counter (optimistic concurrency): absent means 1. */
  siteSettingsVersion: 'siteSettingsVersion',
  smtpHost: 'smtpHost',
  smtpPort: 'smtpPort',
  smtpUser: 'smtpUser',
  /** Stored encrypted (AES-256-GCM with ENCRYPTION_KEY); never sent to the browser. */
  smtpPassword: 'smtpPassword',
  senderEmail: 'senderEmail',
  smtpSecure: 'smtpSecure',
  notificationsEnabled: 'notificationsEnabled',
  subscriptionDailyLimit: 'subscriptionDailyLimit',
  /** Double opt-in: 'true' makes a new subscription wait for its address's confirmation. */
  subscriptionDoubleOptIn: 'subscriptionDoubleOptIn',
  /** Set by the embedded run when it points SMTP at its local mail catcher. */
  smtpManagedByEmbedded: 'smtpManagedByEmbedded',
  demoContentSeeded: 'demo_content_seeded',
} as const;

export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

/** The settings that make up the SMTP server: what the worker reads to send mail. */
export const SMTP_SETTING_KEYS = [
  SETTING_KEYS.smtpHost,
  SETTING_KEYS.smtpPort,
  SETTING_KEYS.smtpUser,
  SETTING_KEYS.smtpPassword,
  SETTING_KEYS.senderEmail,
  SETTING_KEYS.smtpSecure,
] as const;

/**
 * The settings readers see (GET /api/site-settings): changing one changes public answers, so the
 * public cache is purged. The database's site_settings trigger (blog_public_site_settings_changed,
 * which sends that purge) holds a copy of this list in its `public_keys` array, because a trigger
 * cannot read TypeScript; db/sql-truths.test.ts fails when the two differ. Making a setting public
 * therefore means adding it here and a migration that redefines the trigger with the new list.
 */
export const PUBLIC_SETTING_KEYS = [
  SETTING_KEYS.titleLink,
  SETTING_KEYS.blogDescription,
  SETTING_KEYS.aboutPageContent,
  SETTING_KEYS.commentsEnabled,
  SETTING_KEYS.commentsRequireApproval,
  SETTING_KEYS.siteSettingsVersion,
] as const satisfies readonly SettingKey[];

/** E-mail notifications are on until an admin switches them off (Settings → Notifications). */
export const NOTIFICATIONS_ENABLED_DEFAULT = true;
