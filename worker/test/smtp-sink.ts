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
  /**
   * From the `after`-th message on, hold each one before answering its DATA (drills): a held
   * message counts as received only once `resume()` answers 250. If the client's connection dies
   * first, it is dropped, as a real server drops a message it never acknowledged.
   */
  holdAfter(after: number): void;
  /** Accepts the held messages whose connections are still open, and stops holding. */
  resume(): void;
  /** Messages waiting for `resume()`. */
  heldCount(): number;
  /**
   * Refuses the first attempt to each address that `refuse` picks with `451 4.7.1` (a temporary
   * refusal, as greylisting does); later attempts pass. Returns how many were refused so far.
   */
  refuseFirstAttempt(refuse: (address: string) => boolean): void;
  refusedCount(): number;
  stop(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** When set, AUTH is required and only these credentials pass; a refusal quotes `refusal`. */
  credentials?: { user: string; password: string; refusal?: string };
  /** A fixed port (a drill brings the server back where it was); a free one when unset. */
  port?: number;
}

/**
 * A real SMTP server for tests (smtp-server + mailparser) on a free local port: plain connection
 * and no STARTTLS, like the embedded mail catcher `npm start` points the settings at.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: CaughtEmail[] = [];
  const { credentials } = options;
  let holdFrom = Number.POSITIVE_INFINITY;
  const held = new Map<string, { mail: CaughtEmail; accept: () => void }[]>();
  const heldCount = () => [...held.values()].reduce((sum, list) => sum + list.length, 0);
  let refuse: (address: string) => boolean = () => false;
  const refused = new Set<string>();
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
    onRcptTo(address, _session, callback) {
      const key = address.address.toLowerCase();
      if (!refused.has(key) && refuse(key)) {
        refused.add(key);
        return callback(
          Object.assign(new Error('4.7.1 Greylisted, please try again later'), { responseCode: 451 }),
        );
      }
      callback();
    },
    onClose(session) {
      held.delete(session.id);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: CaughtEmail = {
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            authenticatedAs: typeof session.user === 'string' ? session.user : null,
            parsed,
          };
          if (received.length + heldCount() >= holdFrom) {
            const list = held.get(session.id) ?? [];
            list.push({ mail, accept: () => callback() });
            held.set(session.id, list);
            return;
          }
          received.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  server.on('error', () => {});
  const port = await new Promise<number>((resolve, reject) => {
    const listening = server.listen(options.port ?? 0, '127.0.0.1', () =>
      resolve((listening.address() as AddressInfo).port),
    );
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
    holdAfter(after) {
      holdFrom = after;
    },
    resume() {
      holdFrom = Number.POSITIVE_INFINITY;
      for (const list of held.values()) {
        for (const { mail, accept } of list) {
          received.push(mail);
          accept();
        }
      }
      held.clear();
    },
    heldCount,
    refuseFirstAttempt(pick) {
      refuse = pick;
    },
    refusedCount: () => refused.size,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
