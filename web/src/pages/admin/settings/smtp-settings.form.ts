import { TEST_EMAIL } from '@blog/shared/messages';
import type { EmailSettings, EmailSettingsInput, TestEmailRequest } from '@blog/shared';
import { SMTP_TEST_REQUIRED_FIELDS, smtpSettingsForm } from '@blog/shared/rules';
import { yupFromForm } from '../../../lib/yup-from-rules.ts';

export interface SmtpFormValues {
  smtpHost: string;
  smtpPort: string;
  smtpUser: string;
  /** Empty means „keep the stored password” (it is never sent to the browser). */
  smtpPassword: string;
  senderEmail: string;
  smtpSecure: boolean;
}

export const DEFAULT_SMTP_PORT = '587';

// Rules and messages come from @blog/shared/rules, shared with the API.
// User and password may stay empty (no authentication; keep the stored password), so the schema types them optional.
export const smtpSettingsSchema = yupFromForm(smtpSettingsForm);

/** The form filled from the saved settings; the password field always starts empty. */
export function smtpInitialValues(settings: EmailSettings): SmtpFormValues {
  return {
    smtpHost: settings.smtpHost,
    smtpPort: settings.smtpPort || DEFAULT_SMTP_PORT,
    smtpUser: settings.smtpUser,
    smtpPassword: '',
    senderEmail: settings.senderEmail,
    smtpSecure: settings.smtpSecure,
  };
}

/**
 * The body of save and test-connection: trimmed text; the password as typed (spaces may belong to it) and
 * only when one was typed, so an empty field keeps the stored password.
 */
export function buildEmailSettingsInput(values: SmtpFormValues): EmailSettingsInput {
  return {
    smtpHost: values.smtpHost.trim(),
    smtpPort: values.smtpPort.trim(),
    smtpUser: values.smtpUser.trim(),
    ...(values.smtpPassword !== '' ? { smtpPassword: values.smtpPassword } : {}),
    senderEmail: values.senderEmail.trim(),
    smtpSecure: values.smtpSecure,
  };
}

/**
 * The test buttons stay disabled until host, port and sender are filled (a relay without
 * authentication needs no user). A user needs a password: typed, or the one stored on the server, which
 * the test uses when the field is left empty.
 */
export function canTestSmtp(values: SmtpFormValues, passwordStored: boolean): boolean {
  if (!SMTP_TEST_REQUIRED_FIELDS.every((field) => values[field].trim() !== '')) return false;
  return values.smtpUser.trim() === '' || values.smtpPassword !== '' || passwordStored;
}

export const TEST_EMAIL_SUBJECT = TEST_EMAIL.subject;
export const TEST_EMAIL_CONTENT = TEST_EMAIL.content;

/**
 * The test message goes to the sender address, with a fixed subject and content, sent with the
 * SMTP values on the screen, like the connection test.
 */
export function buildTestEmailRequest(values: SmtpFormValues): TestEmailRequest {
  return {
    email: values.senderEmail.trim(),
    subject: TEST_EMAIL_SUBJECT,
    content: TEST_EMAIL_CONTENT,
    ...buildEmailSettingsInput(values),
  };
}
