import type {
  EmailSettings,
  EmailSettingsInput,
  MessageResponse,
  NotificationSettingsResult,
  TestEmailRequest,
} from '@blog/shared';
import useSWR, { mutate } from 'swr';
import { api, unwrap } from './client.ts';

export const EMAIL_SETTINGS_KEY = 'admin-email-settings';

/** SMTP and notification settings (admin); the password itself never comes back, only `smtpPasswordSet`. */
export function useEmailSettings() {
  const {
    data,
    error,
    isLoading,
    mutate: reload,
  } = useSWR<EmailSettings, Error>(EMAIL_SETTINGS_KEY, () => unwrap(api.GET('/admin/email-settings')));
  return { settings: data, error, isLoading, reload: () => reload() };
}

/** Saves the SMTP settings; a missing password keeps the stored one. */
export async function saveEmailSettings(settings: EmailSettingsInput): Promise<MessageResponse> {
  const result = await unwrap(api.POST('/admin/email-settings', { body: settings }));
  await mutate(EMAIL_SETTINGS_KEY);
  return result;
}

/** A real SMTP handshake with the given (unsaved) settings. */
export function testEmailSettings(settings: EmailSettingsInput): Promise<MessageResponse> {
  return unwrap(api.POST('/admin/email-settings/test', { body: settings }));
}

/** Sends a test message with the saved settings. */
export function sendTestEmail(request: TestEmailRequest): Promise<MessageResponse> {
  return unwrap(api.POST('/admin/test-email', { body: request }));
}

/** Switches notification e-mails on or off; the cached settings take the saved value. */
export async function saveNotificationSettings(
  notificationsEnabled: boolean,
): Promise<NotificationSettingsResult> {
  const result = await unwrap(api.POST('/admin/notification-settings', { body: { notificationsEnabled } }));
  await mutate<EmailSettings>(
    EMAIL_SETTINGS_KEY,
    (current) => (current ? { ...current, notificationsEnabled: result.notificationsEnabled } : current),
    { revalidate: false },
  );
  return result;
}
