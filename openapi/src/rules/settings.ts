import { PORT_PATTERN, SINGLE_LINE_PATTERN, SMTP_HOST_PATTERN, TITLE_LINK_PATTERN } from './patterns.ts';
import { defineForm, email, maxLength, pattern, required, versionField, type FormValues } from './rule.ts';

export const SETTINGS_MESSAGES = {
  titleLink: 'Podaj adres zaczynający się od http://, https:// lub /',
  blogDescription: 'Opis może mieć najwyżej 1000 znaków',
  aboutPageContent: 'Treść strony O Blogu jest za długa',
  smtpHost: 'Podaj serwer SMTP',
  smtpHostInvalid: 'Nazwa serwera SMTP nie może zawierać spacji ani znaków nowej linii',
  smtpUserInvalid: 'Nazwa użytkownika SMTP nie może zawierać znaków nowej linii',
  smtpPasswordInvalid: 'Hasło SMTP nie może zawierać znaków nowej linii',
  smtpPort: 'Port musi być liczbą od 1 do 65535',
  smtpUser: 'Nazwa użytkownika SMTP może mieć najwyżej 255 znaków',
  smtpPassword: 'Hasło SMTP jest za długie',
  senderEmail: 'Podaj prawidłowy adres e-mail nadawcy',
  smtpSecure: 'Określ, czy połączenie ma być szyfrowane',
  testEmail: 'Podaj prawidłowy adres email',
  notificationsEnabled: 'Określ, czy powiadomienia mają być włączone',
} as const;

const M = SETTINGS_MESSAGES;

/** General settings tab: the 'Nie klikaj tu!' address, the description and the About page. */
export const siteSettingsForm = defineForm({
  fields: {
    titleLink: {
      type: 'text',
      rules: [maxLength(2048, M.titleLink), pattern(TITLE_LINK_PATTERN, M.titleLink)],
    },
    blogDescription: { type: 'text', rules: [maxLength(1000, M.blogDescription)] },
    aboutPageContent: { type: 'text', rules: [maxLength(100_000, M.aboutPageContent)] },
    commentsEnabled: { type: 'boolean', typeMessage: 'Nieprawidłowe ustawienie komentarzy', rules: [] },
    version: versionField,
  },
});

/** Notifications tab: the one switch. */
export const notificationSettingsForm = defineForm({
  fields: {
    notificationsEnabled: {
      type: 'boolean',
      typeMessage: M.notificationsEnabled,
      rules: [required(M.notificationsEnabled)],
    },
  },
});

/** SMTP settings; an empty password keeps the stored one. */
export const smtpSettingsForm = defineForm({
  fields: {
    smtpHost: {
      type: 'text',
      rules: [
        required(M.smtpHost),
        maxLength(255, M.smtpHost),
        pattern(SMTP_HOST_PATTERN, M.smtpHostInvalid),
      ],
    },
    smtpPort: {
      type: 'text',
      // The pattern already refuses more than five digits; the length states it as a limit too (OWASP API4).
      rules: [required(M.smtpPort), maxLength(5, M.smtpPort), pattern(PORT_PATTERN, M.smtpPort)],
    },
    smtpUser: {
      type: 'text',
      rules: [maxLength(255, M.smtpUser), pattern(SINGLE_LINE_PATTERN, M.smtpUserInvalid)],
    },
    smtpPassword: {
      type: 'secret',
      rules: [maxLength(1024, M.smtpPassword), pattern(SINGLE_LINE_PATTERN, M.smtpPasswordInvalid)],
    },
    senderEmail: {
      type: 'text',
      rules: [required(M.senderEmail), email(M.senderEmail), maxLength(254, M.senderEmail)],
    },
    smtpSecure: { type: 'boolean', rules: [required(M.smtpSecure)] },
  },
});

/**
 * Spec §5: the SMTP test buttons stay disabled until these are all filled (the password too, unlike
 * saving, which keeps a stored password when the field is empty).
 */
export const SMTP_TEST_REQUIRED_FIELDS = [
  'smtpHost',
  'smtpPort',
  'smtpUser',
  'smtpPassword',
  'senderEmail',
] as const;

/** The test message sent to the sender address. */
export const testEmailForm = defineForm({
  fields: {
    email: { type: 'text', rules: [required(M.testEmail), email(M.testEmail), maxLength(254, M.testEmail)] },
    subject: { type: 'text', rules: [maxLength(200, 'Temat może mieć najwyżej 200 znaków')] },
    content: { type: 'text', rules: [maxLength(5000, 'Treść może mieć najwyżej 5000 znaków')] },
  },
});

export type SiteSettingsValues = FormValues<typeof siteSettingsForm>;
export type SmtpSettingsValues = FormValues<typeof smtpSettingsForm>;
export type TestEmailValues = FormValues<typeof testEmailForm>;
