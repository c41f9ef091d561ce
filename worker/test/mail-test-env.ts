import { encryptSecret } from '@blog/api/crypto';
import type { ScratchDatabase } from '@blog/api/database';
import { SiteSetting } from '@blog/api/models';
import { SETTING_KEYS, SMTP_SETTING_KEYS } from '@blog/api/settings';
import {
  createMigratedScratchDatabase,
  startTestApi,
  TestBrowser,
  type TestApi,
  uniqueSuffix,
} from '@blog/api/testing';
import { expect } from 'vitest';
import { startTestWorker, type TestWorker } from './testing.ts';
import { type SmtpSink, type SmtpSinkOptions, startSmtpSink } from './smtp-sink.ts';

const SMTP_KEYS = SMTP_SETTING_KEYS;
type SmtpKey = (typeof SMTP_KEYS)[number];

export const TEST_SENDER = 'blog-testy@example.com';

export interface MailTestEnv {
  api: TestApi;
  worker: TestWorker;
  sink: SmtpSink;
  /**
   * Replaces the SMTP settings: the sink's host and port, plus `overrides` (null removes a key;
   * `smtpPassword` is given in clear and stored encrypted, as the settings API stores it).
   */
  setSmtpSettings(overrides?: Partial<Record<SmtpKey, string | null>>): Promise<void>;
  close(): Promise<void>;
}

/**
 * A test API + worker on a database of their own, with SMTP pointed at a real local server.
 * Why not the run's shared database: SMTP settings are global, so two files sending mail at once
 * would send to each other's server; and every API's outbox relay claims every pending event of
 * its database, so another file's relay could take this file's events to its own queue.
 */
export async function startMailTestEnv(
  options: { sink?: SmtpSinkOptions; apiOverrides?: Record<string, string> } = {},
): Promise<MailTestEnv> {
  const database: ScratchDatabase = await createMigratedScratchDatabase('blog_test_mail');
  let api: TestApi | undefined;
  let worker: TestWorker | undefined;
  let sink: SmtpSink | undefined;
  const close = async () => {
    await worker?.close();
    await api?.close();
    await sink?.stop();
    await database.drop();
  };
  try {
    api = await startTestApi({ ...options.apiOverrides, DATABASE_URL: database.url });
    worker = await startTestWorker(api);
    sink = await startSmtpSink(options.sink);
  } catch (err) {
    await close();
    throw err;
  }
  const { config } = api;
  const mailSink = sink;

  async function setSmtpSettings(overrides: Partial<Record<SmtpKey, string | null>> = {}) {
    const values: Partial<Record<SmtpKey, string | null>> = {
      smtpHost: mailSink.host,
      smtpPort: String(mailSink.port),
      smtpSecure: 'false',
      senderEmail: TEST_SENDER,
      ...overrides,
    };
    await SiteSetting.destroy({ where: { key: [...SMTP_KEYS] } });
    for (const key of SMTP_KEYS) {
      const value = values[key];
      if (value === undefined || value === null) continue;
      const encrypted = key === SETTING_KEYS.smtpPassword;
      await SiteSetting.create({
        key,
        value: encrypted ? encryptSecret(value, config.ENCRYPTION_KEY) : value,
        encrypted,
      });
    }
  }

  await setSmtpSettings();
  return { api, worker, sink: mailSink, setSmtpSettings, close };
}

/** A new reader's address (`czytelnik-…@example.com`), subscribed to `categoryId` through `api` (201). */
export async function subscribedReader(api: TestApi, categoryId: number): Promise<string> {
  const reader = `czytelnik-${uniqueSuffix()}@example.com`;
  const subscribed = await new TestBrowser(api).call('POST', '/api/subscribe', {
    email: reader,
    categoryId,
    consent: true,
  });
  expect(subscribed.status).toBe(201);
  return reader;
}
