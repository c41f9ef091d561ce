import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { SMTPServer } from 'smtp-server';
import { findFreePort } from './free-port.ts';

export interface MailCatcherOptions {
  /** Every message lands here as `<timestamp>-<random>.eml`. */
  dir: string;
  /** Default: a free port chosen at start. */
  port?: number;
}

export interface MailCatcher {
  host: string;
  port: number;
  /** Messages stored since start (cheaper for a bench to poll than listing the folder). */
  storedCount(): number;
  stop(): Promise<void>;
}

/** `2026-11-22T16-39-21-123Z`: sorts by time and is a valid file name everywhere. */
const fileStamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

/**
 * A local SMTP server for the embedded run: takes any sender, any recipient and any login, and
 * stores each message as raw RFC 822 in an .eml file instead of delivering it.
 */
export async function startMailCatcher(options: MailCatcherOptions): Promise<MailCatcher> {
  const dir = path.resolve(options.dir);
  await mkdir(dir, { recursive: true });
  const port = options.port ?? (await findFreePort());
  const host = '127.0.0.1';
  let stored = 0;

  const server = new SMTPServer({
    name: 'blog-mail-catcher',
    banner: 'Local mail catcher: messages are stored as files, never delivered',
    logger: false,
    // Open connections (a pooled mailer) are cut after 2 s so stopping never hangs.
    closeTimeout: 2_000,
    authOptional: true,
    // Plain connection only; login works without TLS, since nothing leaves this machine.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, _session, callback) {
      const name = `${fileStamp(new Date())}-${randomBytes(4).toString('hex')}.eml`;
      const partial = path.join(dir, `.${name}.partial`);
      // Read whole (messages are small), then written under a hidden name first, so a reader never
      // sees half a message; one writeFile costs far less than a write stream at newsletter rates.
      buffer(stream)
        .then((bytes) => writeFile(partial, bytes))
        .then(() => rename(partial, path.join(dir, name)))
        .then(
          () => {
            stored += 1;
            callback();
          },
          async (error: Error) => {
            await rm(partial, { force: true });
            callback(error);
          },
        );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A broken client connection must not take the whole process down.
  server.on('error', () => {});

  return {
    host,
    port,
    storedCount: () => stored,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
