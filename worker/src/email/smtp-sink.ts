import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface CaughtEmail {
  /** Envelope recipients (RCPT TO), which are who really gets the message. */
  recipients: string[];
  /** The user who signed in (AUTH), when the client did. */
  authenticatedAs: string | null;
  parsed: ParsedMail;
}

export interface SmtpSink {
  host: string;
  port: number;
  received: CaughtEmail[];
  /** Messages whose envelope goes to `address`. */
  to(address: string): CaughtEmail[];
  /** Waits until `count` messages reached `address`, then returns them. */
  waitFor(address: string, count?: number, timeoutMs?: number): Promise<CaughtEmail[]>;
  stop(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** When set, AUTH is required and only these credentials pass; a refusal quotes `refusal`. */
  credentials?: { user: string; password: string; refusal?: string };
}

/**
 * A real SMTP server for tests (smtp-server + mailparser) on a free local port: plain connection
 * and no STARTTLS, like the embedded mail catcher `npm start` points the settings at.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: CaughtEmail[] = [];
  const { credentials } = options;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      if (!credentials) return callback(null, { user: auth.username ?? 'anonymous' });
      if (auth.username === credentials.user && auth.password === credentials.password) {
        return callback(null, { user: auth.username });
      }
      callback(
        Object.assign(new Error(credentials.refusal ?? 'Invalid username or password'), {
          responseCode: 535,
        }),
      );
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            authenticatedAs: typeof session.user === 'string' ? session.user : null,
            parsed,
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  server.on('error', () => {});
  const port = await new Promise<number>((resolve, reject) => {
    const listening = server.listen(0, '127.0.0.1', () => resolve((listening.address() as AddressInfo).port));
    listening.once('error', reject);
  });

  const to = (address: string) => received.filter((mail) => mail.recipients.includes(address));
  return {
    host: '127.0.0.1',
    port,
    received,
    to,
    async waitFor(address, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (to(address).length < count) {
        if (Date.now() > deadline) throw new Error(`${count} message(s) to ${address} never arrived`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return to(address);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
