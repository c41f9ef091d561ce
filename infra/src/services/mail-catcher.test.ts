import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';

describe('mail catcher', () => {
  let dir: string;
  let catcher: MailCatcher;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'blog-mail-catcher-'));
    catcher = await startMailCatcher({ dir: path.join(dir, 'mail') });
  });

  afterEach(async () => {
    await catcher.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores each message as a raw .eml file with the Polish subject intact', async () => {
    const transport = nodemailer.createTransport({
      host: catcher.host,
      port: catcher.port,
      secure: false,
      auth: { user: 'ktokolwiek', pass: 'dowolne-hasło' },
    });
    const subject = 'Zażółć gęślą jaźń — nowy wpis';
    await transport.sendMail({
      from: 'blog@localhost',
      to: 'czytelnik@example.com',
      subject,
      text: 'Treść wiadomości: źdźbło.',
    });
    transport.close();

    const files = await readdir(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/);
    const raw = await readFile(path.join(dir, 'mail', files[0]!));
    expect(raw.toString()).toMatch(/^Subject: /m);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(subject);
    expect(parsed.text?.trim()).toBe('Treść wiadomości: źdźbło.');
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('czytelnik@example.com');
  });

  it('accepts mail without any login and keeps messages apart', async () => {
    const transport = nodemailer.createTransport({ host: catcher.host, port: catcher.port, secure: false });
    await transport.sendMail({ from: 'a@localhost', to: 'b@localhost', subject: 'Pierwsza', text: '1' });
    await transport.sendMail({ from: 'a@localhost', to: 'b@localhost', subject: 'Druga', text: '2' });
    transport.close();

    const files = (await readdir(path.join(dir, 'mail'))).sort();
    expect(files).toHaveLength(2);
    const subjects = await Promise.all(
      files.map(async (file) => (await simpleParser(await readFile(path.join(dir, 'mail', file)))).subject),
    );
    expect(subjects.sort()).toEqual(['Druga', 'Pierwsza']);
  });
});
