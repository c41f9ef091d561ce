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

/** E-mail notifications are on until an admin switches them off (Settings → Notifications). */
export const NOTIFICATIONS_ENABLED_DEFAULT = true;
