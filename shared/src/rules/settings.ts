import {
  PORT_PATTERN,
  SENDER_EMAIL_PATTERN,
  SINGLE_LINE_PATTERN,
  SMTP_HOST_PATTERN,
  TITLE_LINK_PATTERN,
} from './patterns.ts';
import { EMAIL_MAX_LENGTH } from './accounts.ts';
import {
  characters,
  defineForm,
  maxLength,
  pattern,
  required,
  versionField,
  type FormValues,
} from './rule.ts';

export const BLOG_DESCRIPTION_MAX_LENGTH = 1000;
export const SMTP_USER_MAX_LENGTH = 255;
export const TEST_EMAIL_SUBJECT_MAX_LENGTH = 200;
export const TEST_EMAIL_CONTENT_MAX_LENGTH = 5000;

export const SETTINGS_MESSAGES = {
  titleLink: 'Podaj adres zaczynający się od http://, https:// lub /',
  blogDescription: `Opis może mieć najwyżej ${characters(BLOG_DESCRIPTION_MAX_LENGTH)}`,
  aboutPageContent: 'Treść strony O Blogu jest za długa',
  smtpHost: 'Podaj serwer SMTP',
  smtpHostInvalid: 'Nazwa serwera SMTP nie może zawierać spacji ani znaków nowej linii',
  smtpUserInvalid: 'Nazwa użytkownika SMTP nie może zawierać znaków nowej linii',
  smtpPasswordInvalid: 'Hasło SMTP nie może zawierać znaków nowej linii',
  smtpPort: 'Port musi być liczbą od 1 do 65535',
  smtpUser: `Nazwa użytkownika SMTP może mieć najwyżej ${characters(SMTP_USER_MAX_LENGTH)}`,
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
    // Textareas (the About page is HTML from the editor): line feeds and tabs are kept.
    blogDescription: {
      type: 'text',
      lines: 'many',
      rules: [maxLength(BLOG_DESCRIPTION_MAX_LENGTH, M.blogDescription)],
    },
    aboutPageContent: { type: 'text', lines: 'many', rules: [maxLength(100_000, M.aboutPageContent)] },
    commentsEnabled: { type: 'boolean', typeMessage: 'Nieprawidłowe ustawienie komentarzy', rules: [] },
    commentsRequireApproval: {
      type: 'boolean',
      typeMessage: 'Nieprawidłowe ustawienie zatwierdzania komentarzy',
      rules: [],
    },
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

// The SMTP fields' rules without `required`: shared by saving (which requires some) and the test message
// (which may carry the screen's values, each falling back to the saved one).
const smtpHostRules = [maxLength(255, M.smtpHost), pattern(SMTP_HOST_PATTERN, M.smtpHostInvalid)] as const;
// The pattern already refuses more than five digits; the length states it as a limit too (OWASP API4).
const smtpPortRules = [maxLength(5, M.smtpPort), pattern(PORT_PATTERN, M.smtpPort)] as const;
// The SMTP login goes to another server byte for byte: its fields are `normalize: 'verbatim'`.
const smtpUserRules = [
  maxLength(SMTP_USER_MAX_LENGTH, M.smtpUser),
  pattern(SINGLE_LINE_PATTERN, M.smtpUserInvalid),
] as const;
const smtpPasswordRules = [
  maxLength(1024, M.smtpPassword),
  pattern(SINGLE_LINE_PATTERN, M.smtpPasswordInvalid),
] as const;
// A relay's local sender such as `blog@localhost` is a valid sender.
const senderEmailRules = [
  maxLength(EMAIL_MAX_LENGTH, M.senderEmail),
  pattern(SENDER_EMAIL_PATTERN, M.senderEmail),
] as const;

/** SMTP settings; an empty password keeps the stored one, an empty user means no authentication. */
export const smtpSettingsForm = defineForm({
  fields: {
    smtpHost: { type: 'text', rules: [required(M.smtpHost), ...smtpHostRules] },
    smtpPort: { type: 'text', rules: [required(M.smtpPort), ...smtpPortRules] },
    smtpUser: { type: 'text', normalize: 'verbatim', rules: smtpUserRules },
    smtpPassword: { type: 'secret', normalize: 'verbatim', rules: smtpPasswordRules },
    senderEmail: { type: 'text', rules: [required(M.senderEmail), ...senderEmailRules] },
    smtpSecure: { type: 'boolean', rules: [required(M.smtpSecure)] },
  },
});

/**
 * The SMTP test buttons stay disabled until these are filled. User and password are not among them: a
 * relay without authentication is tested with both empty; a user needs a password (typed or
 * stored), which the screen checks.
 */
export const SMTP_TEST_REQUIRED_FIELDS = ['smtpHost', 'smtpPort', 'senderEmail'] as const;

/**
 * The test message sent to the sender address. The SMTP fields are the screen's values (the
 * test uses what is on the screen); each one missing falls back to the saved setting.
 */
export const testEmailForm = defineForm({
  fields: {
    email: {
      type: 'text',
      rules: [
        required(M.testEmail),
        pattern(SENDER_EMAIL_PATTERN, M.testEmail),
        maxLength(EMAIL_MAX_LENGTH, M.testEmail),
      ],
    },
    subject: {
      type: 'text',
      rules: [
        maxLength(
          TEST_EMAIL_SUBJECT_MAX_LENGTH,
          `Temat może mieć najwyżej ${characters(TEST_EMAIL_SUBJECT_MAX_LENGTH)}`,
        ),
      ],
    },
    content: {
      type: 'text',
      lines: 'many',
      rules: [
        maxLength(
          TEST_EMAIL_CONTENT_MAX_LENGTH,
          `Treść może mieć najwyżej ${characters(TEST_EMAIL_CONTENT_MAX_LENGTH)}`,
        ),
      ],
    },
    smtpHost: { type: 'text', rules: smtpHostRules },
    smtpPort: { type: 'text', rules: smtpPortRules },
    smtpUser: { type: 'text', normalize: 'verbatim', rules: smtpUserRules },
    smtpPassword: { type: 'secret', normalize: 'verbatim', rules: smtpPasswordRules },
    senderEmail: { type: 'text', rules: senderEmailRules },
    smtpSecure: { type: 'boolean', typeMessage: M.smtpSecure, rules: [] },
  },
});

export type SiteSettingsValues = FormValues<typeof siteSettingsForm>;
export type SmtpSettingsValues = FormValues<typeof smtpSettingsForm>;
export type TestEmailValues = FormValues<typeof testEmailForm>;
