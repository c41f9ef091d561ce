import { ConfigError } from './config.ts';

/**
 * Runs a long-lived process: any start-up failure prints one line (no stack trace) and exits 1;
 * SIGINT/SIGTERM close what `start` returned and exit 0, or exit 1 if closing hangs for 15 s.
 * A signal that arrives while the process is still starting (the API answers /readyz before its
 * first-admin seed is done) waits for the start to finish, then closes the same way.
 */
export function runProcess(name: string, start: () => Promise<{ close(): Promise<void> }>): void {
  const started = start();
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${name}: ${signal} received, shutting down\n`);
    setTimeout(() => {
      process.stderr.write(`${name}: shutdown took too long, exiting\n`);
      process.exit(1);
    }, 15_000).unref();
    started
      .then((handle) => handle.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          process.stderr.write(`${name}: error while shutting down: ${String(err)}\n`);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  started.catch((err: unknown) => {
    const message = err instanceof ConfigError || err instanceof Error ? err.message : String(err);
    process.stderr.write(`${name}: ${message.split('\n')[0]}\n`);
    process.exit(1);
  });
}
