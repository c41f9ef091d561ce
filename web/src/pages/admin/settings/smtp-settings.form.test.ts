import type { EmailSettings } from '@blog/shared';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../../../test/validation.ts';
import {
  buildEmailSettingsInput,
  buildTestEmailRequest,
  canTestSmtp,
  type SmtpFormValues,
  smtpInitialValues,
  smtpSettingsSchema,
  TEST_EMAIL_SUBJECT,
} from './smtp-settings.form.ts';

const filled: SmtpFormValues = {
  smtpHost: 'smtp.example.com',
  smtpPort: '587',
  smtpUser: 'poczta',
  smtpPassword: 'sekret',
  senderEmail: 'blog@example.com',
  smtpSecure: false,
};

const saved: EmailSettings = {
  smtpHost: 'smtp.example.com',
  smtpPort: '465',
  smtpUser: 'poczta',
  senderEmail: 'blog@example.com',
  smtpSecure: true,
  smtpPasswordSet: true,
  notificationsEnabled: true,
};

describe('smtpInitialValues', () => {
  it('takes the saved settings and leaves the password empty', () => {
    expect(smtpInitialValues(saved)).toEqual({
      smtpHost: 'smtp.example.com',
      smtpPort: '465',
      smtpUser: 'poczta',
      smtpPassword: '',
      senderEmail: 'blog@example.com',
      smtpSecure: true,
    });
  });

  it('falls back to port 587', () => {
    expect(smtpInitialValues({ ...saved, smtpPort: '' }).smtpPort).toBe('587');
  });
});

describe('smtpSettingsSchema', () => {
  it('accepts filled settings, and an empty user and password', async () => {
    await expect(smtpSettingsSchema.isValid(filled)).resolves.toBe(true);
    await expect(smtpSettingsSchema.isValid({ ...filled, smtpUser: '', smtpPassword: '' })).resolves.toBe(
      true,
    );
  });

  it('requires the host', async () => {
    expect(await fieldError(smtpSettingsSchema, { ...filled, smtpHost: ' ' }, 'smtpHost')).toBe(
      'Podaj serwer SMTP',
    );
  });

  it.each(['', '0', '65536', 'abc', '58 7'])('rejects the port %j', async (smtpPort) => {
    expect(await fieldError(smtpSettingsSchema, { ...filled, smtpPort }, 'smtpPort')).toBe(
      'Port musi być liczbą od 1 do 65535',
    );
  });

  it.each(['25', '465', '587', '65535'])('accepts the port %j', async (smtpPort) => {
    expect(await fieldError(smtpSettingsSchema, { ...filled, smtpPort }, 'smtpPort')).toBeNull();
  });

  it.each(['blog@localhost', 'blog@example.com'])('accepts the sender %j', async (senderEmail) => {
    expect(await fieldError(smtpSettingsSchema, { ...filled, senderEmail }, 'senderEmail')).toBeNull();
  });

  it.each(['', 'blog', 'blog@', 'blog@-host', 'blog@host.'])('rejects the sender %j', async (senderEmail) => {
    expect(await fieldError(smtpSettingsSchema, { ...filled, senderEmail }, 'senderEmail')).toBe(
      'Podaj prawidłowy adres e-mail nadawcy',
    );
  });
});

describe('buildEmailSettingsInput', () => {
  it('trims the text fields and sends a typed password as it is', () => {
    expect(
      buildEmailSettingsInput({
        ...filled,
        smtpHost: ' smtp.example.com ',
        smtpPort: ' 587 ',
        smtpUser: ' poczta ',
        smtpPassword: ' z spacją ',
        senderEmail: ' blog@example.com ',
      }),
    ).toEqual({
      smtpHost: 'smtp.example.com',
      smtpPort: '587',
      smtpUser: 'poczta',
      smtpPassword: ' z spacją ',
      senderEmail: 'blog@example.com',
      smtpSecure: false,
    });
  });

  it('leaves out an empty password so the stored one is kept', () => {
    expect(buildEmailSettingsInput({ ...filled, smtpPassword: '' })).not.toHaveProperty('smtpPassword');
  });
});

describe('canTestSmtp', () => {
  it('is true when every required field is filled', () => {
    expect(canTestSmtp(filled, false)).toBe(true);
  });

  it.each(['smtpHost', 'smtpPort', 'senderEmail'] as const)('is false without %s', (field) => {
    expect(canTestSmtp({ ...filled, [field]: '  ' }, true)).toBe(false);
  });

  it('is true for a relay without authentication (no user, no password)', () => {
    expect(canTestSmtp({ ...filled, smtpUser: '', smtpPassword: '' }, false)).toBe(true);
  });

  it('needs a typed password unless one is stored', () => {
    expect(canTestSmtp({ ...filled, smtpPassword: '' }, false)).toBe(false);
    expect(canTestSmtp({ ...filled, smtpPassword: '' }, true)).toBe(true);
  });
});

describe('buildTestEmailRequest', () => {
  it('sends the fixed test message to the sender address', () => {
    const request = buildTestEmailRequest({ ...filled, senderEmail: ' blog@example.com ' });
    expect(request.email).toBe('blog@example.com');
    expect(request.subject).toBe(TEST_EMAIL_SUBJECT);
    expect(request.content).toMatch(/wiadomość testowa/);
  });

  it('carries the SMTP values on the screen, not the saved ones', () => {
    const request = buildTestEmailRequest({
      ...filled,
      smtpHost: 'relay.local',
      smtpUser: '',
      smtpPassword: '',
    });
    expect(request).toMatchObject({
      smtpHost: 'relay.local',
      smtpPort: '587',
      smtpUser: '',
      smtpSecure: false,
    });
    expect(request).not.toHaveProperty('smtpPassword');
  });
});
