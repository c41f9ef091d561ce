import { randomBytes } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import * as mimeFuncs from 'nodemailer/lib/mime-funcs';

export interface RawMessageInput {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId?: string;
  /** Extra headers, values already on one line. */
  headers?: Record<string, string>;
  date: Date;
}

/** Base64 in lines of 76 (RFC 2045), done natively: the cheap part of a newsletter message. */
const base64Body = (value: string) =>
  Buffer.from(value, 'utf8')
    .toString('base64')
    .replace(/.{76}(?=.)/g, '$&\r\n');

/** A header line: non-ASCII words as RFC 2047 encoded-words, folded below 78 characters. */
const headerLine = (name: string, value: string) =>
  mimeFuncs.foldLines(`${name}: ${mimeFuncs.encodeWords(value, 'B', 52)}`, 76);

/** The bare envelope address of a sender setting that may read `Name <address>`. */
export function envelopeAddress(sender: string): string {
  const [first] = addressparser(sender, { flatten: true });
  return first?.address || sender;
}

/**
 * One newsletter message as raw RFC 5322 (multipart/alternative: text and HTML, both base64),
 * built by string concatenation: at thousands of messages a second, nodemailer's MIME tree and
 * quoted-printable streams cost more CPU than the whole SMTP exchange. Single messages still go
 * through nodemailer's composer (sendEmail).
 */
export function rawMessage(input: RawMessageInput): string {
  const boundary = `----blog-${randomBytes(12).toString('hex')}`;
  const lines = [
    headerLine('From', input.from),
    `To: ${input.to}`,
    headerLine('Subject', input.subject),
    `Date: ${input.date.toUTCString().replace(/GMT$/, '+0000')}`,
    ...(input.messageId ? [`Message-ID: ${input.messageId}`] : []),
    ...Object.entries(input.headers ?? {}).map(([name, value]) =>
      mimeFuncs.foldLines(`${name}: ${value}`, 76),
    ),
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Body(input.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Body(input.html),
    `--${boundary}--`,
    '',
  ];
  return lines.join('\r\n');
}
